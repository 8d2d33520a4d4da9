/**
 * Chakra's global CSS — the preflight, the global styles and every token as a CSS variable, ≈ 48 KB — is
 * computed from the one system (./system.ts) when an app is built for production and inlined into its page as
 * `<style id="chakra-global-css">` (shared/build/chakra-css.ts). Then Chakra's runtime <Global> is skipped:
 * Emotion no longer serializes and parses those 48 KB on every page load before the first render (tens of
 * milliseconds of main thread on a phone). Dev servers and unit tests have no such element and keep
 * the runtime <Global>.
 */
export const STATIC_CHAKRA_CSS_ID = 'chakra-global-css';

export function hasStaticChakraCss(doc: Document | undefined = globalThis.document): boolean {
  return doc?.getElementById(STATIC_CHAKRA_CSS_ID) != null;
}
