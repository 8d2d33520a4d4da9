import { useEffect } from 'react';

/**
 * Proof that the shared singletons are one object each on the page: the host and every remote register
 * the objects THEY see through their own imports; e2e asserts they are identical. Cheap, and it runs in
 * production builds too, since a duplicated store or i18n instance is a production bug.
 */
export interface SingletonBindings {
  react: unknown;
  sessionStore: unknown;
  http: unknown;
  i18n: unknown;
  emotionCache: unknown;
}

declare global {
  interface Window {
    __BAWABA_SINGLETONS__?: Record<string, SingletonBindings>;
  }
}

export function useSingletonProbe(app: string, bindings: SingletonBindings): void {
  useEffect(() => {
    window.__BAWABA_SINGLETONS__ ??= {};
    window.__BAWABA_SINGLETONS__[app] = bindings;
  });
}
