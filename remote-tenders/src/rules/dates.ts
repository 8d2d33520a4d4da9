import { qatarDay } from '@bawaba/shared';

const DAY_MS = 86_400_000;

/** The Qatar calendar day of `date` as a day count (days since 1970-01-01), so that days subtract. */
function qatarDayNumber(date: Date): number {
  const [y, m, d] = qatarDay(date).split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS;
}

/**
 * Calendar days (Qatar time, Asia/Qatar) from `now` to the deadline — 0 = later today, 1 = tomorrow — or null when
 * there is no deadline or it has passed. Days are counted on the calendar, never as 24-hour periods: a deadline at
 * 23:59 tonight is "today", one at 00:30 after midnight is "tomorrow".
 */
export function calendarDaysUntil(deadline: string | null, now: Date): number | null {
  if (!deadline) return null;
  const at = new Date(deadline);
  if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) return null;
  return qatarDayNumber(at) - qatarDayNumber(now);
}
