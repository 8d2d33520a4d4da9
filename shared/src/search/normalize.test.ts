import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight.ts';
import {
  documentWords,
  lightStem,
  normalizeText,
  queryWords,
  searchWords,
  withoutArticle,
} from './normalize.ts';

describe('search normalisation', () => {
  it('folds the alef forms, alef maksura, ta marbuta and the hamza carriers', () => {
    expect(normalizeText('أحمد إبراهيم آمال ٱلله')).toBe('احمد ابراهيم امال الله');
    expect(normalizeText('مستشفى')).toBe(normalizeText('مستشفي'));
    expect(normalizeText('الدوحة')).toBe('الدوحه');
    expect(normalizeText('مؤسسة')).toBe('موسسه');
    expect(normalizeText('الجزائر')).toBe('الجزاير');
    expect(normalizeText('إنشاء')).toBe('انشا');
  });

  it('removes tashkeel and tatweel', () => {
    expect(normalizeText('التَّقييم')).toBe(normalizeText('التقييم'));
    expect(normalizeText('مُقَاوَلَاتٌ')).toBe('مقاولات');
    expect(normalizeText('قطـــر')).toBe('قطر');
  });

  it('folds the Persian keyboard letters and the presentation forms', () => {
    expect(normalizeText('معاییر')).toBe(normalizeText('معايير'));
    expect(normalizeText('کتاب')).toBe('كتاب');
    expect(normalizeText('ﻻ')).toBe('لا');
  });

  it('turns Arabic-Indic and Persian digits into Latin digits', () => {
    expect(normalizeText('BWB-٢٠٢٦-٠٠٠٥')).toBe('bwb-2026-0005');
    expect(normalizeText('۱۲۳۴۵۶۷۸۹۰')).toBe('1234567890');
  });

  it('lower-cases English and folds its accents', () => {
    expect(normalizeText('Café DÉCOR Naïve')).toBe('cafe decor naive');
    expect(normalizeText('İstanbul')).toBe('istanbul');
  });

  it('splits words and takes off the article and the prefixes that carry it', () => {
    const words = 'الشركة والمقاولات بالدوحة كالعادة فالأمر للتقييم'.split(' ');
    expect(words.map((w) => withoutArticle(normalizeText(w)))).toEqual([
      'شركه',
      'مقاولات',
      'دوحه',
      'عاده',
      'امر',
      'تقييم',
    ]);
    expect(searchWords('الشركة، والمقاولات')).toEqual(['شرك', 'مقاول']);
    // Too short to be an article: the word stays.
    expect(searchWords('آلة')).toEqual(['اله']);
    expect(searchWords('Web-Development 3D')).toEqual(['web', 'development', '3d']);
  });

  it('makes the singular and the plural of an Arabic word meet (a light stem, suffixes only)', () => {
    const stem = (w: string) => searchWords(w)[0];
    expect(stem('تأشيرة')).toBe(stem('التأشيرات'));
    expect(stem('فعالية')).toBe(stem('الفعاليات'));
    expect(stem('ضريبية')).toBe(stem('ضريبي'));
    expect(stem('شركة')).toBe(stem('شركات'));
    expect(stem('الكمية')).toBe(stem('كميات'));
    // At least three letters stay; English is not touched here (PostgreSQL's English stemmer is).
    expect(stem('آلة')).toBe('اله');
    expect(stem('services')).toBe('services');
    expect(lightStem('مقاولات')).toBe('مقاول');
  });

  it('keeps each query word once and at most eight', () => {
    expect(queryWords('Doha doha DOHA')).toEqual(['doha']);
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('highlighting', () => {
  const marked = (text: string, query: string) =>
    highlightParts(text, queryWords(query))
      .filter((p) => p.hit)
      .map((p) => p.text);

  it('marks the words the query matches, whatever their spelling, and gives the text back whole', () => {
    const title = 'معايير التَّقييم لمشروع الدوحة';
    expect(marked(title, 'تقييم')).toEqual(['التَّقييم']);
    expect(marked(title, 'الدوحه معاییر')).toEqual(['معايير', 'الدوحة']);
    expect(
      highlightParts(title, queryWords('دوحة'))
        .map((p) => p.text)
        .join(''),
    ).toBe(title);
  });

  it('marks a word by its beginning, in English too', () => {
    expect(marked('Doha Digital Solutions', 'dig sol')).toEqual(['Digital', 'Solutions']);
    expect(marked('Doha Digital Solutions', 'cloud')).toEqual([]);
  });
});

describe('search documents', () => {
  it('hold a word written with the conjunction و also without it, and queries keep it as typed', () => {
    expect(documentWords('ومعايير التقييم')).toEqual(['ومعايير', 'معايير', 'تقييم']);
    expect(queryWords('ومعايير')).toEqual(['ومعايير']);
    expect(documentWords('ورد')).toEqual(['ورد']);
  });
});
