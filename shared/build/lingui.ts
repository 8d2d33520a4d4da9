import { defineConfig, type LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * One Lingui setup for every package: English source, Arabic translation, a PO catalog per package under
 * src/locales/{locale}/messages.po, compiled to messages.ts (build output, git-ignored).
 */
export function linguiConfig(): LinguiConfig {
  return defineConfig({
    sourceLocale: 'en',
    locales: ['en', 'ar'],
    fallbackLocales: { default: 'en' },
    catalogs: [
      {
        path: '<rootDir>/src/locales/{locale}/messages',
        include: ['<rootDir>/src'],
        // Tests call i18n._('id') on purpose; those are not product texts.
        exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
      },
    ],
    format: formatter({ lineNumbers: false, origins: true }),
    orderBy: 'messageId',
  });
}
