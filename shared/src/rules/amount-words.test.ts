import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-words.ts';

/**
 * Known correct spellings, by the rules of the number and the counted noun (العدد والمعدود) as Arabic grammars
 * teach them and Qatari cheques and tender forms write amounts ("فقط … لا غير"): 1–2 after the noun, 3–10 in the
 * opposite gender with a plural noun, 11–99 with a singular accusative noun, a round hundred or thousand with a
 * singular genitive noun, a dual in construct without its nun.
 */
describe('amounts in Arabic words', () => {
  const ar = (amount: number, currency?: string) => amountInWords(amount, 'ar', currency);

  it('one and two riyals: the noun, then واحد; the dual with its adjective', () => {
    expect(ar(1)).toBe('فقط ريال قطري واحد لا غير');
    expect(ar(2)).toBe('فقط ريالان قطريان لا غير');
  });

  it('3–10: a feminine number for the masculine riyal, a plural noun', () => {
    expect(ar(3)).toBe('فقط ثلاثة ريالات قطرية لا غير');
    expect(ar(10)).toBe('فقط عشرة ريالات قطرية لا غير');
    expect(ar(103)).toBe('فقط مائة وثلاثة ريالات قطرية لا غير');
  });

  it('11–99: a singular accusative noun (أحد عشر ريالًا, اثنا عشر, واحد وعشرون)', () => {
    expect(ar(11)).toBe('فقط أحد عشر ريالًا قطريًا لا غير');
    expect(ar(12)).toBe('فقط اثنا عشر ريالًا قطريًا لا غير');
    expect(ar(21)).toBe('فقط واحد وعشرون ريالًا قطريًا لا غير');
    expect(ar(250)).toBe('فقط مائتان وخمسون ريالًا قطريًا لا غير');
  });

  it('round hundreds, thousands and millions: a genitive noun; a dual in construct drops its nun', () => {
    expect(ar(100)).toBe('فقط مائة ريال قطري لا غير');
    expect(ar(200)).toBe('فقط مائتا ريال قطري لا غير');
    expect(ar(2000)).toBe('فقط ألفا ريال قطري لا غير');
    expect(ar(2500)).toBe('فقط ألفان وخمسمائة ريال قطري لا غير');
    expect(ar(3000)).toBe('فقط ثلاثة آلاف ريال قطري لا غير');
    expect(ar(11000)).toBe('فقط أحد عشر ألف ريال قطري لا غير');
    expect(ar(200000)).toBe('فقط مائتا ألف ريال قطري لا غير');
    expect(ar(2000000)).toBe('فقط مليونا ريال قطري لا غير');
    expect(ar(3500000)).toBe('فقط ثلاثة ملايين وخمسمائة ألف ريال قطري لا غير');
  });

  it('riyals and dirhams together, with tanween on a scale word that more groups follow', () => {
    expect(ar(1500250.75)).toBe(
      'فقط مليون وخمسمائة ألف ومائتان وخمسون ريالًا قطريًا وخمسة وسبعون درهمًا لا غير',
    );
    expect(ar(1234567.89)).toBe(
      'فقط مليون ومائتان وأربعة وثلاثون ألفًا وخمسمائة وسبعة وستون ريالًا قطريًا وتسعة وثمانون درهمًا لا غير',
    );
    expect(ar(300.1)).toBe('فقط ثلاثمائة ريال قطري وعشرة دراهم لا غير');
    expect(ar(1.01)).toBe('فقط ريال قطري واحد ودرهم واحد لا غير');
    expect(ar(0.02)).toBe('فقط درهمان لا غير');
  });

  it('other currencies of a tender: US dollars and euros with their cents', () => {
    expect(ar(12, 'USD')).toBe('فقط اثنا عشر دولارًا أمريكيًا لا غير');
    expect(ar(5.5, 'EUR')).toBe('فقط خمسة يورو وخمسون سنتًا لا غير');
  });
});

describe('amounts in English words', () => {
  it('riyals and dirhams, singular and plural, "and" after a hundred', () => {
    expect(amountInWords(1, 'en')).toBe('One Qatari riyal only');
    expect(amountInWords(1500250.75, 'en')).toBe(
      'One million five hundred thousand two hundred and fifty Qatari riyals and seventy-five dirhams only',
    );
    expect(amountInWords(0.01, 'en')).toBe('One dirham only');
    expect(amountInWords(2021, 'en', 'USD')).toBe('Two thousand and twenty-one US dollars only');
  });

  it('rounds to the cent as the figures do, and spells nothing it cannot', () => {
    expect(amountInWords(1.005, 'en')).toBe('One Qatari riyal and one dirham only');
    expect(amountInWords(-1, 'en')).toBe('');
    expect(amountInWords(Number.NaN, 'ar')).toBe('');
    expect(amountInWords(10, 'ar', 'XYZ')).toBe('');
  });
});
