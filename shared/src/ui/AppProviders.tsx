import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { LinguiContext } from '@lingui/react';
import { type ContextType, type ReactNode, useSyncExternalStore } from 'react';
import { i18n } from '../i18n/index.ts';
import { useSessionStore } from '../store/session.ts';
import { getSystem } from './system.ts';

/**
 * The Content-Security-Policy nonce of this page: the server puts a fresh one on
 * `<meta property="csp-nonce" nonce="…">` (scripts/site/serve.ts). Browsers hide nonce attributes from
 * getAttribute once parsed, so the `nonce` property is read first. None in dev servers and unit tests.
 */
export function cspNonce(doc: Document | undefined = globalThis.document): string | undefined {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

/**
 * The attribute of the <style> elements holding a server-rendered page's rules: the names of its Emotion rules.
 * Not Emotion's own `data-emotion`: every Emotion cache made in the browser (@emotion/react makes one as it loads,
 * the page another) moves each <style data-emotion="css …"> it finds to the end of the head, and each move of the
 * page's rules restyles the whole page — three full style recalculations of a long page after its first paint.
 */
const SERVER_STYLES_ATTRIBUTE = 'data-bw-server-styles';

/** A <style> element for the page's head holding Emotion rules a server render wrote (names and CSS). */
export function serverStyleTag(names: readonly string[], css: string): string {
  return `<style ${SERVER_STYLES_ATTRIBUTE}="${names.join(' ')}">${css}</style>`;
}

let cache: EmotionCache | undefined;
/**
 * The ONE Emotion cache of the page (host and remotes share @emotion/react, so remotes render into it):
 * its runtime <style> tags carry the page's nonce, which the strict style-src requires. The rules the server
 * wrote into the head (serverStyleTag) count as inserted, so they are neither inserted again nor moved.
 */
function emotionCache(): EmotionCache {
  if (cache) return cache;
  cache = createCache({ key: 'css', nonce: cspNonce() });
  // None in a prerender at build time (no document there).
  for (const tag of globalThis.document?.querySelectorAll(`style[${SERVER_STYLES_ATTRIBUTE}]`) ?? [])
    for (const name of tag.getAttribute(SERVER_STYLES_ATTRIBUTE)?.split(' ') ?? [])
      if (name) cache.inserted[name] = true;
  return cache;
}

/** A server render's own Emotion cache: the render server writes its rules into the page's head (serverStyleTag,
 * host/src/server/render.tsx), where the browser's cache finds them and does not insert them again. */
export function serverStyles(): EmotionCache {
  return createCache({ key: 'css' });
}

type LinguiValue = NonNullable<ContextType<typeof LinguiContext>>;

const translationContext = (): LinguiValue => ({ i18n, _: i18n.t.bind(i18n) }) as LinguiValue;
let translation = translationContext();
let renderedLocale = i18n.locale;
function translationSnapshot(): LinguiValue {
  if (renderedLocale !== i18n.locale) {
    renderedLocale = i18n.locale;
    translation = translationContext();
  }
  return translation;
}
function onLanguageChange(rerender: () => void): () => void {
  return i18n.on('change', () => {
    // A switch activates the catalogs first, then sets the session's language (host/src/shell/TopBar.tsx): that
    // second change re-renders the providers anyway, so rendering here too would render the whole page twice in
    // one task, the first time with the old language's state (the language switch's latency). Other
    // activations (start-up, a remote's harness, the shell's effect) are for the session's language.
    if (renderedLocale !== i18n.locale && i18n.locale === useSessionStore.getState().language) rerender();
  });
}

/**
 * Lingui's context, renewed only when the LANGUAGE changes. Lingui's own I18nProvider renews it on every
 * `change` event, and `i18n.load` fires one each time a package's catalog arrives (the host's, then each remote's
 * on its first visit): every translated component on the page re-rendered synchronously for messages that only
 * the arriving remote uses (≈ 100–300 ms of main thread per load on a phone). Catalogs are always
 * loaded before the components that use them render (registerCatalogs, activateLanguage), so nothing
 * already on screen can miss a message.
 */
function TranslationProvider({ children }: { children: ReactNode }) {
  const value = useSyncExternalStore(onLanguageChange, translationSnapshot, translationSnapshot);
  return value.i18n.locale ? <LinguiContext.Provider value={value}>{children}</LinguiContext.Provider> : null;
}

/**
 * Chakra + Lingui providers. The host wraps the whole site in these once; a remote's standalone dev
 * harness wraps itself the same way. Remotes rendered inside the host must NOT add their own.
 * `styles`: a server render's own Emotion cache (serverStyles), so that each page rendered on the server writes
 * every rule it uses; the browser always uses the page's one cache.
 */
export function AppProviders({ children, styles }: { children: ReactNode; styles?: EmotionCache }) {
  const language = useSessionStore((s) => s.language);
  return (
    <CacheProvider value={styles ?? emotionCache()}>
      <ChakraProvider value={getSystem()}>
        <LocaleProvider locale={language === 'ar' ? 'ar-QA' : 'en-QA'}>
          <TranslationProvider>{children}</TranslationProvider>
        </LocaleProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
