/**
 * The host pages painted from HTML before any JavaScript (host/build/prerender.ts compiles this file for Node and
 * runs it after the production build): the real page components, with the real providers (AppProviders: the one
 * Chakra system, Emotion, Lingui) and the compiled catalogs, rendered to HTML once per language.
 */
import { AppProviders, i18n, type Language, MemoryRouter, useSessionStore } from '@bawaba/shared';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { messages as ar } from '../src/locales/ar/messages.ts';
import { messages as openDataAr } from '../src/locales/ar/open-data.ts';
import { messages as en } from '../src/locales/en/messages.ts';
import { messages as openDataEn } from '../src/locales/en/open-data.ts';
import { AboutPage } from '../src/pages/About.tsx';
import { ContactUsIntro } from '../src/pages/ContactUsIntro.tsx';
import { OpenDataPage } from '../src/pages/open-data/OpenDataPage.tsx';
import { TermsPage } from '../src/pages/Terms.tsx';

/**
 * A top-level segment → what is painted of it (PRERENDERED in ./prerender.ts): the page, or for /contact-us the
 * component at its top (the heading and intro; the rest depends on the API and the lazy forms module).
 */
const PAGES: Record<string, ComponentType> = {
  about: AboutPage,
  terms: TermsPage,
  'contact-us': ContactUsIntro,
  'open-data': OpenDataPage,
};

// The main catalog, and the lazy catalogs of the pages painted here (the open data policy's).
i18n.load({ en: { ...en, ...openDataEn }, ar: { ...ar, ...openDataAr } });

/**
 * One page in one language, as React's first render of it. Emotion (the page's one cache, server side) writes
 * each new rule as a `<style data-emotion="css …">` before the element that uses it, and Chakra's runtime
 * globals as `<style data-emotion="css-global …">`: ./prerender.ts takes them out of the markup.
 */
export function render(segment: string, language: Language): string {
  const Page = PAGES[segment];
  if (!Page) throw new Error(`prerender: no page for ${segment}`);
  i18n.activate(language);
  useSessionStore.setState({ language });
  return renderToString(
    <AppProviders>
      {/* A page's links to other pages are the router's (<a href>, as in the browser's first render). */}
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </AppProviders>,
  );
}

export const segments = Object.keys(PAGES);
