import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/index.ts';
import { useSessionStore } from '../store/session.ts';
import { system } from './system.ts';

/**
 * The Content-Security-Policy nonce of this page: the server puts a fresh one on
 * `<meta property="csp-nonce" nonce="…">` (scripts/serve.ts). Browsers hide nonce attributes from
 * getAttribute once parsed, so the `nonce` property is read first. None in dev servers and unit tests.
 */
export function cspNonce(doc: Document | undefined = globalThis.document): string | undefined {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

let cache: EmotionCache | undefined;
/**
 * The ONE Emotion cache of the page (host and remotes share @emotion/react, so remotes render into it):
 * its runtime <style> tags carry the page's nonce, which the strict style-src requires.
 */
export function emotionCache(): EmotionCache {
  cache ??= createCache({ key: 'css', nonce: cspNonce() });
  return cache;
}

/**
 * Chakra + Lingui providers. The host wraps the whole site in these once; a remote's standalone dev
 * harness wraps itself the same way. Remotes rendered inside the host must NOT add their own.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = useSessionStore((s) => s.language);
  return (
    <CacheProvider value={emotionCache()}>
      <ChakraProvider value={system}>
        <LocaleProvider locale={language === 'ar' ? 'ar-QA' : 'en-QA'}>
          <I18nProvider i18n={i18n}>{children}</I18nProvider>
        </LocaleProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
