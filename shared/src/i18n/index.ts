import { i18n, type Messages } from '@lingui/core';
import { type Language, useSessionStore } from '../store/session.ts';

export { i18n };
export const LANGUAGES: readonly Language[] = ['en', 'ar'];
export const directionOf = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');

/** A package's compiled Lingui catalogs, loaded on demand per language. */
export type CatalogLoaders = Record<Language, () => Promise<{ messages: Messages }>>;

const registered = new Map<string, CatalogLoaders>();
const loaded = new Set<string>();

async function loadInto(language: Language): Promise<void> {
  await Promise.all(
    [...registered].map(async ([owner, loaders]) => {
      const key = `${owner}:${language}`;
      if (loaded.has(key)) return;
      const { messages } = await loaders[language]();
      i18n.load(language, messages);
      loaded.add(key);
    }),
  );
}

/**
 * Each package (shared, host, every remote) registers its own catalogs into the ONE i18n instance; message
 * ids are hashes of the source text, so catalogs merge without clashes. Resolves once the catalog for the
 * active language (before any is active: the session's) is in, so a remote renders translated from its first paint.
 */
export async function registerCatalogs(owner: string, loaders: CatalogLoaders): Promise<void> {
  if (!registered.has(owner)) registered.set(owner, loaders);
  // Before the first activation, the language the page is about to be shown in (the stored choice): an Arabic
  // page never fetched and evaluated the English catalogs only to replace them.
  const active = (i18n.locale || useSessionStore.getState().language) as Language;
  await loadInto(active);
}

/** Load every registered catalog for `language` and switch the page to it. */
export async function activateLanguage(language: Language): Promise<void> {
  await loadInto(language);
  i18n.activate(language);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }
}
