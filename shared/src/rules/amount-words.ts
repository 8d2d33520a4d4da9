/**
 * Amounts in words, as Qatari tender documents write prices "in figures and in words": riyals and dirhams (100
 * dirhams to the riyal), or another currency's units and cents, in Arabic or English. No library spells Arabic
 * amounts correctly (those tried write "أحد عشر ريال" for أحد عشر ريالًا, "ألفان ريال" for ألفا ريال), so the rules
 * of the number and the counted noun are written here:
 *
 * - 1 and 2 follow the noun as adjectives (ريال واحد, ريالان); 3–10 take the opposite gender of the singular noun
 *   (masculine ريال → ثلاثة) and a genitive plural noun (ثلاثة ريالات); 11–99 a singular accusative noun
 *   (أحد عشر ريالًا); a round hundred, thousand or more a singular genitive noun (مائة ريال, ألف ريال).
 * - A dual in construct with what follows drops its nun (مائتا ريال, ألفا ريال, مائتا ألف); 3–10 thousands,
 *   millions, billions take the plural (ثلاثة آلاف, ملايين, مليارات); 11–99 of them the accusative (أحد عشر ألفًا),
 *   without tanween when the noun follows at once (أحد عشر ألف ريال).
 * - Parts are joined by و; the whole reads "فقط … لا غير" ("… only"), so nothing can be added to it.
 */

import { toCents } from './money.ts';

/**
 * A counted noun's forms: one (ريال), the dual (ريالان), after 3–10 (ريالات), after 11–99 (ريالًا); after a round
 * hundred or thousand the genitive singular, the same as one. Plain arrays, so that a bundle that never spells an
 * amount drops the tables.
 */
type Noun = readonly [one: string, two: string, few: string, many: string];
const ONE = 0;
const TWO = 1;
const FEW = 2;
const MANY = 3;

interface CurrencyWords {
  ar: { unit: Noun; cent: Noun };
  en: { unit: [string, string]; cent: [string, string] };
}

const CURRENCIES: Record<string, CurrencyWords> = {
  QAR: {
    ar: {
      unit: ['ريال قطري', 'ريالان قطريان', 'ريالات قطرية', 'ريالًا قطريًا'],
      cent: ['درهم', 'درهمان', 'دراهم', 'درهمًا'],
    },
    en: { unit: ['Qatari riyal', 'Qatari riyals'], cent: ['dirham', 'dirhams'] },
  },
  USD: {
    ar: {
      unit: ['دولار أمريكي', 'دولاران أمريكيان', 'دولارات أمريكية', 'دولارًا أمريكيًا'],
      cent: ['سنت', 'سنتان', 'سنتات', 'سنتًا'],
    },
    en: { unit: ['US dollar', 'US dollars'], cent: ['cent', 'cents'] },
  },
  EUR: {
    ar: { unit: ['يورو', 'يورو', 'يورو', 'يورو'], cent: ['سنت', 'سنتان', 'سنتات', 'سنتًا'] },
    en: { unit: ['euro', 'euros'], cent: ['cent', 'cents'] },
  },
};

// Arabic, for a masculine counted noun (riyal, dirham, thousand, million, billion are all masculine).
const AR_UNITS = ['', 'واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة', 'عشرة'];
const AR_TEENS = ['', 'أحد عشر', 'اثنا عشر'];
const AR_TENS = ['', 'عشرة', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const AR_HUNDREDS = [
  '',
  'مائة',
  'مائتان',
  'ثلاثمائة',
  'أربعمائة',
  'خمسمائة',
  'ستمائة',
  'سبعمائة',
  'ثمانمائة',
  'تسعمائة',
];

/** 1–99 in words. */
function arBelow100(n: number): string {
  if (n <= 10) return AR_UNITS[n]!;
  if (n < 13) return AR_TEENS[n - 10]!;
  if (n < 20) return `${AR_UNITS[n - 10]} عشر`;
  const unit = n % 10;
  const tens = AR_TENS[Math.floor(n / 10)]!;
  return unit === 0 ? tens : `${AR_UNITS[unit]} و${tens}`;
}

/** 1–999 in words; `construct`: the noun follows at once, so a lone 200 is مائتا. */
function arBelow1000(n: number, construct: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(hundreds === 2 && rest === 0 && construct ? 'مائتا' : AR_HUNDREDS[hundreds]!);
  if (rest) parts.push(arBelow100(rest));
  return parts.join(' و');
}

/** The noun counted by `n`, in the form the number takes (n > 0, written before the noun). */
function arNounAfter(n: number, word: Noun): string {
  const rest = n % 100;
  if (rest >= 3 && rest <= 10) return word[FEW];
  if (rest >= 11) return word[MANY];
  return word[ONE];
}

const AR_SCALES: { value: number; word: Noun }[] = [
  { value: 1e9, word: ['مليار', 'ملياران', 'مليارات', 'مليارًا'] },
  { value: 1e6, word: ['مليون', 'مليونان', 'ملايين', 'مليونًا'] },
  { value: 1e3, word: ['ألف', 'ألفان', 'آلاف', 'ألفًا'] },
];

/** A count of `word` in words: "ريالان قطريان", "ثلاثة آلاف ريال"… (whole numbers below a trillion). */
function arCount(n: number, word: Noun): string {
  if (n === 1) return `${word[ONE]} واحد`;
  if (n === 2) return word[TWO];
  const parts: string[] = [];
  let rest = n;
  for (const scale of AR_SCALES) {
    const count = Math.floor(rest / scale.value);
    rest %= scale.value;
    if (!count) continue;
    const last = rest === 0; // the counted noun follows this group at once
    if (count === 1) parts.push(scale.word[ONE]);
    else if (count === 2) parts.push(last ? scale.word[TWO].replace(/ان$/, 'ا') : scale.word[TWO]);
    else {
      const countRest = count % 100;
      const form =
        countRest >= 3 && countRest <= 10
          ? scale.word[FEW]
          : countRest >= 11
            ? last
              ? scale.word[ONE]
              : scale.word[MANY]
            : scale.word[ONE];
      parts.push(`${arBelow1000(count, true)} ${form}`);
    }
  }
  if (rest) parts.push(arBelow1000(rest, true));
  return `${parts.join(' و')} ${arNounAfter(n, word)}`;
}

// English.
const EN_SMALL = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function enBelow1000(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const tens =
    rest < 20
      ? EN_SMALL[rest]!
      : `${EN_TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${EN_SMALL[rest % 10]}` : ''}`;
  if (!hundreds) return tens;
  return rest ? `${EN_SMALL[hundreds]} hundred and ${tens}` : `${EN_SMALL[hundreds]} hundred`;
}

function enNumber(n: number): string {
  if (n === 0) return 'zero';
  const parts: string[] = [];
  let rest = n;
  for (const [value, name] of [
    [1e9, 'billion'],
    [1e6, 'million'],
    [1e3, 'thousand'],
  ] as const) {
    const count = Math.floor(rest / value);
    rest %= value;
    if (count) parts.push(`${enBelow1000(count)} ${name}`);
  }
  if (rest) parts.push(parts.length && rest < 100 ? `and ${enBelow1000(rest)}` : enBelow1000(rest));
  return parts.join(' ');
}

/** The largest amount spelled (a trillion is beyond any tender here). */
const MAX_AMOUNT = 1e12;

/**
 * `amount` of `currency` in words in `language`, rounded to the cent: "فقط مائة ألف ريال قطري وخمسون درهمًا لا غير",
 * "One hundred thousand Qatari riyals and fifty dirhams only". Empty for a negative, unreadable or too large amount,
 * or a currency without words.
 */
export function amountInWords(amount: number, language: 'en' | 'ar', currency = 'QAR'): string {
  const words = CURRENCIES[currency];
  if (!words || !Number.isFinite(amount) || amount < 0 || amount >= MAX_AMOUNT) return '';
  const cents = toCents(amount);
  const units = Math.floor(cents / 100);
  const rest = cents % 100;
  if (language === 'ar') {
    const { unit, cent } = words.ar;
    const parts: string[] = [];
    if (units || !rest) parts.push(units ? arCount(units, unit) : `صفر ${unit[ONE]}`);
    if (rest) parts.push(arCount(rest, cent));
    return `فقط ${parts.join(' و')} لا غير`;
  }
  const { unit, cent } = words.en;
  const parts: string[] = [];
  if (units || !rest) parts.push(`${enNumber(units)} ${unit[units === 1 ? 0 : 1]}`);
  if (rest) parts.push(`${enNumber(rest)} ${cent[rest === 1 ? 0 : 1]}`);
  const text = `${parts.join(' and ')} only`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
