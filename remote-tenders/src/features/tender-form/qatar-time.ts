/**
 * Deadlines are entered and shown in Qatar time (Asia/Qatar, UTC+3 all year, no daylight saving), whatever the
 * clock of the browser: a datetime-local input holds the Qatar wall time.
 */
const QATAR_OFFSET_MS = 3 * 3_600_000;

/** ISO → the value of a datetime-local input, on Qatar's clock ("2026-12-17T13:00"). */
export function toQatarDateTime(iso: string | null): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Date(t + QATAR_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Qatar time → an ISO instant; what cannot be read is returned as it is. */
export function fromQatarDateTime(value: string): string {
  const t = Date.parse(`${value}:00+03:00`);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}
