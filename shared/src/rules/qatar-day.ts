/**
 * The site's calendar is Qatar's (UTC+3 all year, no daylight saving): a date a user picks — a filter's "from" or
 * "to", a deadline day — is a Qatar day, whatever the time zone of the server or the browser.
 */
const QATAR_OFFSET = '+03:00';
const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first instant of a Qatar day (`yyyy-mm-dd`); a full timestamp is taken as it is. */
export function qatarDayStart(value: string): Date {
  return new Date(BARE_DAY.test(value) ? `${value}T00:00:00.000${QATAR_OFFSET}` : value);
}

/** The last instant (millisecond) of a Qatar day (`yyyy-mm-dd`), so "to" includes the whole day; a full
 * timestamp is taken as it is. */
export function qatarDayEnd(value: string): Date {
  return new Date(BARE_DAY.test(value) ? `${value}T23:59:59.999${QATAR_OFFSET}` : value);
}
