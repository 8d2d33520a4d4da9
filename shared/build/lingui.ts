import { defineConfig, type LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * One Lingui setup for every package: English source, Arabic translation, a PO catalog per package under
 * src/locales/{locale}/messages.po, compiled to messages.ts (build output, git-ignored).
 */
/**
 * `kit`: the app uses `@bawaba/shared/kit`, whose texts go into the app's own catalog (the kit is bundled into each
 * app that uses it, so an older host's catalogs need not have them); shared's own catalog leaves them out.
 */
export function linguiConfig({ kit = false }: { kit?: boolean } = {}): LinguiConfig {
  return defineConfig({
    sourceLocale: 'en',
    locales: ['en', 'ar'],
    fallbackLocales: { default: 'en' },
    catalogs: [
      {
        path: '<rootDir>/src/locales/{locale}/messages',
        include: kit ? ['<rootDir>/src', '<rootDir>/../shared/src/kit'] : ['<rootDir>/src'],
        // Tests call i18n._('id') on purpose; those are not product texts. shared/src/kit is its users'.
        exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**', '<rootDir>/src/kit/**'],
      },
    ],
    format: formatter({ lineNumbers: false, origins: true }),
    orderBy: 'messageId',
  });
}
