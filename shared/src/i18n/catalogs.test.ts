import { describe, expect, it } from 'vitest';
import { activateLanguage, directionOf, i18n, registerCatalogs } from './index.ts';

describe('catalog registry', () => {
  it('merges catalogs of several packages into the one i18n instance and switches html lang/dir', async () => {
    await registerCatalogs('pkg-a', {
      en: async () => ({ messages: { a: 'Alpha' } }),
      ar: async () => ({ messages: { a: 'ألفا' } }),
    });
    await registerCatalogs('pkg-b', {
      en: async () => ({ messages: { b: 'Beta' } }),
      ar: async () => ({ messages: { b: 'بيتا' } }),
    });
    await activateLanguage('ar');
    expect(i18n._('a')).toBe('ألفا');
    expect(i18n._('b')).toBe('بيتا');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    await activateLanguage('en');
    expect(i18n._('b')).toBe('Beta');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('a package registered while Arabic is active renders Arabic at once', async () => {
    await activateLanguage('ar');
    await registerCatalogs('pkg-late', {
      en: async () => ({ messages: { c: 'Gamma' } }),
      ar: async () => ({ messages: { c: 'غاما' } }),
    });
    expect(i18n._('c')).toBe('غاما');
  });

  it('maps languages to directions', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});
