import type { NoticeGroup } from '@bawaba/shared/contracts';

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

/** Strings become isolated; a plain object (a row) is copied with its string fields isolated; anything else as is. */
function isolated(value: unknown): unknown {
  if (typeof value === 'string') return isolate(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? isolate(v) : v]),
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
