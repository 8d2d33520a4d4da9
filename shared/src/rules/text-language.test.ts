import { describe, expect, it } from 'vitest';
import { directionOf, inLanguage, isWritten, textLanguage } from './text-language.ts';

describe('textLanguage', () => {
  it('tells Arabic from English by the letters of each script', () => {
    expect(textLanguage('شركة الدوحة للمقاولات')).toBe('ar');
    expect(textLanguage('Doha Contracting Company')).toBe('en');
    expect(textLanguage('مؤسسة قطر للحلول التقنية W.L.L')).toBe('ar');
  });

  it('gives a mixed text to its majority script', () => {
    expect(textLanguage('Bidders must be registered in Qatar. نطاق العمل')).toBe('en');
    expect(textLanguage('نطاق العمل ومعايير التقييم والتسليم النهائي for ICT')).toBe('ar');
  });

  it('counts diacritics, digits and punctuation for neither side', () => {
    expect(textLanguage('التَّقْيِيم ٢٠٢٦ (BWB)')).toBe('ar');
    expect(textLanguage('2026 — 10,000 QAR')).toBe('en');
    expect(textLanguage('')).toBe('en');
  });

  it('judges a rich-text description by its words, not its markup', () => {
    expect(textLanguage('<p class="intro"><strong>نطاق العمل</strong></p>')).toBe('ar');
    expect(textLanguage('<p>&nbsp;Scope of work&nbsp;</p>')).toBe('en');
  });
});

describe('isWritten', () => {
  it('treats blank text and an empty editor as not written', () => {
    expect(isWritten(null)).toBe(false);
    expect(isWritten('  ')).toBe(false);
    expect(isWritten('<p></p>')).toBe(false);
    expect(isWritten('<p>&nbsp;</p>')).toBe(false);
    expect(isWritten('<p>x</p>')).toBe(true);
  });
});

describe('inLanguage', () => {
  it("gives the reader's version when written, else the other one with its language", () => {
    expect(inLanguage('ar', 'Doha', 'الدوحة')).toEqual({ text: 'الدوحة', lang: 'ar' });
    expect(inLanguage('en', 'Doha', 'الدوحة')).toEqual({ text: 'Doha', lang: 'en' });
    expect(inLanguage('en', null, 'الدوحة')).toEqual({ text: 'الدوحة', lang: 'ar' });
    expect(inLanguage('ar', 'Doha', '')).toEqual({ text: 'Doha', lang: 'en' });
    expect(inLanguage('ar', null, null)).toEqual({ text: '', lang: 'ar' });
  });

  it('gives the direction of each language', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});
