import { type DigitsChoice, displayPrefs } from './display-prefs.ts';

/**
 * Money amounts of a price breakdown (QAR, USD and EUR all have cents). ONE rounding rule, used wherever a
 * breakdown's lines or total are shown or checked: each line (quantity × unit price) is rounded to the cent,
 * half away from zero, and the total is the sum of the rounded lines — so the lines a reader adds up give
 * exactly the total shown. Computed in whole cents, so binary fractions (0.1 + 0.2, 1.005) cannot tip a
 * rounding the wrong way.
 */

/** What a breakdown line needs; form values may still be strings or empty while being typed. */
export interface BreakdownLine {
  quantity: number | string | null | undefined;
  unitPrice: number | string | null | undefined;
}

const toNumber = (value: number | string | null | undefined): number => {
  const n = typeof value === 'string' ? Number(value.trim() === '' ? Number.NaN : value) : Number(value);
  return Number.isFinite(n) ? n : 0;
};

/**
 * `amount` in whole cents, half away from zero. Rounds the decimal text of the number (1.005 → 101), not
 * its binary value (1.005 × 100 = 100.49999…).
 */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  const text = String(Math.abs(amount));
  // Beyond 1e21 (or below 1e-7) the text is in exponent form already; cents no longer matter there.
  const cents = Math.round(text.includes('e') ? Math.abs(amount) * 100 : Number(`${text}e2`));
  return amount < 0 ? -cents : cents;
}

/** An amount rounded to the cent, half away from zero. */
export const roundToCents = (amount: number): number => toCents(amount) / 100;

/** One line's total, rounded to the cent. Unreadable quantity or price counts as 0. */
export const lineTotal = (line: BreakdownLine): number =>
  roundToCents(toNumber(line.quantity) * toNumber(line.unitPrice));

/** The breakdown's total: the sum of the rounded line totals. */
export const breakdownTotal = (lines: readonly BreakdownLine[]): number =>
  lines.reduce((cents, line) => cents + toCents(lineTotal(line)), 0) / 100;

/**
 * The Intl locale of a site language: Qatar's English and Arabic, with the language's own digits (Arabic-Indic in
 * Arabic, Latin in English) unless the reader chose one kind for every language (./display-prefs.ts). `digits`:
 * another reader's choice (the API writing to a recipient); the page's reader's by default.
 */
export const intlLocale = (language: 'en' | 'ar', digits: DigitsChoice = displayPrefs().digits): string => {
  const base = language === 'ar' ? 'ar-QA' : 'en-QA';
  return digits === 'auto' ? base : `${base}-u-nu-${digits}`;
};

/** One money formatter per (locale, currency), made on first use: building one costs far more than using it. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Money, QAR by default (spec: the market prices in QAR), in one format per language whatever the currency — the
 * one format of every amount a user reads, on the pages and in what the API writes (notifications, mails, the
 * checkout; docs/product-decisions.md "Tender stages and dates"). English puts the ISO code before the amount
 * ("QAR 1,500.00", "USD 150,100.00"); Arabic writes the amount in Arabic digits, then the currency's Arabic name
 * ("١٥٠٬١٠٠٫٠٠ دولار أمريكي", "١٬٥٠٠٫٠٠ ريال قطري") — no Latin symbol for the bidi algorithm to move ("$US …").
 */
export function formatMoney(
  amount: number,
  language: 'en' | 'ar',
  currency = 'QAR',
  digits: DigitsChoice = displayPrefs().digits,
): string {
  const locale = intlLocale(language, digits);
  const key = `${locale}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: language === 'ar' ? 'name' : 'code',
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}
