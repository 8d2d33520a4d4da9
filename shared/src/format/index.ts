/**
 * Pure display rules from the spec (§2, §4, §9), used by the host and every remote. Dates and numbers go
 * through Intl; what a rule returns is data, and the caller translates the words.
 */
import { intlLocale } from '../rules/money.ts';
import type { Language } from '../store/session.ts';

/**
 * Money and the locale of a language have one owner, the rules the API shares (shared/src/rules/money.ts): the
 * pages and what the API writes (notifications, mails, the checkout) format amounts the same way.
 */
export { formatMoney, intlLocale } from '../rules/money.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One Intl formatter per (kind, locale, options), made on first use: building one costs far more than using it
 * (a page of tenders formats dozens of dates; long tasks while rendering lists).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/** Cut `text` to `max` characters with an ellipsis (tender titles: 30 on cards, 35 on the detail page). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}

/** dd/MM/yyyy (spec: detail dates), with the locale's digits. Empty for a missing or invalid date. */
export function formatDate(value: string | Date | null | undefined, language: Language = 'en'): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = intlLocale(language);
  const parts = formatter(
    `date:${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'Asia/Qatar',
      }),
  ).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')}`;
}

/** The Qatar calendar day of `date` as yyyy-mm-dd (the value of a date input). */
export function qatarDay(date: Date): string {
  return formatter('day:en-CA', () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Qatar' })).format(
    date,
  );
}

/** Whole calendar days (Qatar time) from `value` to `now`: the created-date label is 'Today' or 'N days ago'. */
export function daysAgo(value: string | Date, now: Date = new Date()): number {
  const dayNumber = (d: Date) => {
    const [y, m, day] = qatarDay(d).split('-').map(Number);
    return Date.UTC(y ?? 1970, (m ?? 1) - 1, day ?? 1) / DAY_MS;
  };
  return Math.max(0, Math.round(dayNumber(now) - dayNumber(new Date(value))));
}

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

/**
 * Notification age (docs/product-spec.md §9): seconds under 60 s, minutes under 1 hour, hours under 1 day, days under
 * 30 days, months (of 30 days) under 12 months, then years.
 */
export function relativeAge(
  value: string | Date,
  now: Date = new Date(),
): { value: number; unit: RelativeUnit } {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(value).getTime()) / 1000));
  if (seconds < 60) return { value: seconds, unit: 'second' };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { value: hours, unit: 'hour' };
  const days = Math.floor(hours / 24);
  if (days < 30) return { value: days, unit: 'day' };
  const months = Math.floor(days / 30);
  if (months < 12) return { value: months, unit: 'month' };
  return { value: Math.floor(months / 12), unit: 'year' };
}

/** "3 minutes ago" / "منذ 3 دقائق" through Intl.RelativeTimeFormat. */
export function formatRelativeAge(value: string | Date, language: Language, now: Date = new Date()): string {
  const age = relativeAge(value, now);
  const locale = intlLocale(language);
  return formatter(
    `relative:${locale}`,
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  ).format(-age.value, age.unit);
}

/** A file size in the reader's language ("1.5 MB", "١٫٥ م.ب"), through Intl's units. */
export function formatBytes(bytes: number, language: Language): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

export function formatNumber(value: number, language: Language): string {
  const locale = intlLocale(language);
  return formatter(`number:${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** Page count for `total` items at `size` per page (at least 1, so 'page 1 of 1' for an empty list). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Keep a page number within 1…pageCount (previous/next are bounded, docs/product-spec.md §4). */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pages));
}

/** The items of one page of a list paged in the browser (tenders: 8, notifications: 4). */
export function pageSlice<T>(items: readonly T[], page: number, size: number): T[] {
  const current = clampPage(page, pageCount(items.length, size));
  return items.slice((current - 1) * size, current * size);
}
