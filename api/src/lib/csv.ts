import { stringify } from 'csv-stringify/sync';

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe:
 * the people whose words reach an exported cell could write these (OWASP "CSV injection").
 */
const inert = (x: string | number) => (typeof x === 'string' && /^[=+\-@\t\r]/.test(x) ? `'${x}` : x);

/** Rows as CSV, every cell made inert: UTF-8 with a byte order mark (so spreadsheets read the Arabic). */
export const csvOf = (rows: (string | number)[][]): string =>
  stringify(
    rows.map((r) => r.map(inert)),
    { bom: true },
  );
