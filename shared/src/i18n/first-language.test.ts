import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../store/session.ts';
import { activateLanguage, i18n, registerCatalogs } from './index.ts';

describe('the first catalogs of a page', () => {
  it('are those of the stored language: an Arabic page never loads the English ones', async () => {
    expect(i18n.locale).toBeFalsy();
    useSessionStore.setState({ language: 'ar' });
    const loadedLanguages: string[] = [];
    await registerCatalogs('pkg-first', {
      en: async () => {
        loadedLanguages.push('en');
        return { messages: { d: 'Delta' } };
      },
      ar: async () => {
        loadedLanguages.push('ar');
        return { messages: { d: 'دلتا' } };
      },
    });
    await activateLanguage('ar');
    expect(i18n._('d')).toBe('دلتا');
    expect(loadedLanguages).toEqual(['ar']);
  });
});
