import { useSessionStore } from '@bawaba/shared';

/**
 * Who is asking, for the key of a page's data (useLoad): '' signed out, else the person and the company they act
 * for — what changes the API's answers. Not the token itself: the server renders with the page request's
 * navigation cookie and never holds the token, and its answers are handed over under the same keys.
 */
export function useCaller(): string {
  return useSessionStore((s) => (s.token ? `${s.user?.id ?? ''}@${s.user?.activeCompanyId ?? ''}` : ''));
}
