import type { NoticeGroup } from '@bawaba/shared/contracts';
import { type DigitsChoice, formatMoney } from '@bawaba/shared/rules';

/**
 * An in-app notification to write (and, by the recipient's email preference for its group, to mail): its texts in
 * both languages and where it leads. One type for `notify` (lib/tx.ts) and the mail outbox (lib/mail-outbox.ts).
 */
export type NewNotification = {
  userId: number;
  /** Which email preference decides whether it is also mailed (NOTICE_GROUPS). */
  group: NoticeGroup;
  title: string;
  content: string;
  titleAr: string;
  contentAr: string;
  tenderId?: number | null;
  link?: string | null;
};

/** A notification's texts in both languages and where it leads; the recipient is added by whoever sends it. */
export type Notice = Omit<NewNotification, 'userId'>;

/** FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: the text between takes its own direction and stays in one piece. */
const FSI = '\u2068';
const PDI = '\u2069';
const ISOLATES = /[\u2066-\u2069]/g;

/** A user value to embed in a sentence: isolated, so "(Lot 2)" at the end of an English title stays in place in Arabic. */
export const isolate = (value: string): string => `${FSI}${value}${PDI}`;

/**
 * Money in a notice is written once its recipient is known, in the digits they chose (`inRecipientsDigits`): a
 * builder puts a marker (`noticeMoney`) where the amount goes. The markers are private-use characters, taken out of
 * every user value (`isolated`), so a title cannot forge one.
 */
const MONEY_START = '\uE000';
const MONEY_END = '\uE001';
const MONEY_MARKS = /[\uE000\uE001]/g;
const MONEY = /\uE000([^|\uE001]+)\|([^|\uE001]+)\|(en|ar)\uE001/g;

/**
 * An amount in a notice's `language` ("USD 150,100.00", "١٥٠٬١٠٠٫٠٠ دولار أمريكي" by default), isolated like every
 * value. The currency code may arrive isolated (a string of a row): the isolates come off before Intl reads it.
 */
export const noticeMoney = (amount: number, currency: string, language: 'en' | 'ar'): string =>
  `${MONEY_START}${amount}|${currency.replace(ISOLATES, '')}|${language}${MONEY_END}`;

/**
 * A notice as its recipient reads it, in the app and by mail: each amount written as formatMoney writes it in the
 * recipient's digits (the language's own, Arabic-Indic or Latin: their display preference).
 */
export function inRecipientsDigits<N extends Notice>(notice: N, digits: DigitsChoice): N {
  const written = (text: string) =>
    text.replace(MONEY, (_, amount: string, currency: string, language: 'en' | 'ar') =>
      isolate(formatMoney(Number(amount), language, currency, digits)),
    );
  return {
    ...notice,
    title: written(notice.title),
    content: written(notice.content),
    titleAr: written(notice.titleAr),
    contentAr: written(notice.contentAr),
  };
}

/** Whether a notice holds an amount to write for its recipient. */
export const hasMoney = (n: Notice): boolean =>
  [n.title, n.content, n.titleAr, n.contentAr].some((text) => text.includes(MONEY_START));

/** Strings become isolated; a plain object (a row) is copied with its string fields isolated; anything else as is. */
function isolated(value: unknown): unknown {
  if (typeof value === 'string') return isolate(value.replace(MONEY_MARKS, ''));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      typeof v === 'string' ? isolate(v.replace(MONEY_MARKS, '')) : v,
    ]),
  );
}

/**
 * Declares a domain's notification table (its `notifications.ts`). The one place notification texts get their user
 * values: every string a builder receives (a title, a number, a name, a reason — directly or as a field of a row) is
 * isolated with FSI/PDI before the builder interpolates it, in both languages, so no builder can forget it. Links are
 * built from ids; any isolate that reached one is removed.
 */
export function noticeTable<T extends Record<string, (...args: never[]) => Notice>>(table: T): T {
  const wrapped: Record<string, (...args: unknown[]) => Notice> = {};
  for (const [name, build] of Object.entries(table)) {
    wrapped[name] = (...args: unknown[]) => {
      const notice = (build as (...a: unknown[]) => Notice)(...args.map(isolated));
      return notice.link ? { ...notice, link: notice.link.replace(ISOLATES, '') } : notice;
    };
  }
  return wrapped as unknown as T;
}
