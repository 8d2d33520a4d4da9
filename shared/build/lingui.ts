import { defineConfig, type LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * One Lingui setup for every package: English source, Arabic translation, a PO catalog per package under
 * src/locales/{locale}/messages.po (and one per lazy catalog), compiled to .ts files (build output, git-ignored).
 */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'];

/**
 * `kit`: the app uses `@bawaba/shared/kit`, whose texts go into the app's own catalog (the kit is bundled into each
 * app that uses it, so an older host's catalogs need not have them); shared's own catalog leaves them out.
 * `kitFiles`: the app uses only these files of the kit (names under shared/src/kit) on a first page: their texts
 * go into its main catalog without the rest of the kit's (a first page's catalog stays small).
 * `userText`: the app uses `@bawaba/shared/user-text` (business-written texts and their language switch), bundled
 * like the kit: its texts go into the app's own catalog, and shared's own catalog leaves them out.
 * `lazy`: catalogs of their own for parts a first page never shows (name → folders, relative to the package), so
 * their texts are fetched with them (src/locales/{locale}/<name>.po, registered by the part before it renders); the
 * main catalog leaves those folders out. `@bawaba/shared/rich-text` (the bilingual form fields and the rich-text
 * editor, bundled like the kit) is only ever in forms, no first page: an app using it lists `../shared/src/rich-text`
 * in the lazy catalog of the part with the form; shared's own catalog leaves it out.
 */
export function linguiConfig({
  kit = false,
  kitFiles = [],
  userText = false,
  lazy = {},
}: {
  kit?: boolean;
  kitFiles?: string[];
  userText?: boolean;
  lazy?: Record<string, string[]>;
} = {}): LinguiConfig {
  const lazyFolders = Object.values(lazy).flat();
  return defineConfig({
    sourceLocale: 'en',
    locales: ['en', 'ar'],
    fallbackLocales: { default: 'en' },
    catalogs: [
      {
        path: '<rootDir>/src/locales/{locale}/messages',
        include: [
          '<rootDir>/src',
          ...(kit ? ['<rootDir>/../shared/src/kit'] : []),
          ...kitFiles.map((file) => `<rootDir>/../shared/src/kit/${file}`),
          ...(userText ? ['<rootDir>/../shared/src/user-text'] : []),
        ],
        // Tests call i18n._('id') on purpose; those are not product texts. shared/src/kit,
        // shared/src/user-text and shared/src/rich-text are their users'.
        exclude: [
          ...TESTS,
          '<rootDir>/src/kit/**',
          '<rootDir>/src/user-text/**',
          '<rootDir>/src/rich-text/**',
          ...lazyFolders.map((folder) => `<rootDir>/${folder}/**`),
        ],
      },
      ...Object.entries(lazy).map(([name, folders]) => ({
        path: `<rootDir>/src/locales/{locale}/${name}`,
        include: folders.map((folder) => `<rootDir>/${folder}`),
        exclude: TESTS,
      })),
    ],
    format: formatter({ lineNumbers: false, origins: true }),
    orderBy: 'messageId',
  });
}
