import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/index.ts';
import { useSessionStore } from '../store/session.ts';
import { system } from './system.ts';

/**
 * Chakra + Lingui providers. The host wraps the whole site in these once; a remote's standalone dev
 * harness wraps itself the same way. Remotes rendered inside the host must NOT add their own.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = useSessionStore((s) => s.language);
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={language === 'ar' ? 'ar-QA' : 'en-QA'}>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
