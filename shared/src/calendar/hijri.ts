/**
 * Hijri dates of the Umm al-Qura calendar (the one Saudi Arabia and Qatar's neighbours publish official dates in),
 * through Intl: no table of our own. Shown beside the Gregorian date on Arabic pages; Qatar time (Asia/Qatar).
 */

export type Digits = 'arab' | 'latn';

const formats = new Map<string, Intl.DateTimeFormat>();
function hijriFormat(digits: Digits): Intl.DateTimeFormat {
  let made = formats.get(digits);
  if (!made) {
    made = new Intl.DateTimeFormat(`ar-SA-u-ca-islamic-umalqura-nu-${digits}`, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Qatar',
    });
    formats.set(digits, made);
  }
  return made;
}

const toDate = (value: string | Date | number) => (value instanceof Date ? value : new Date(value));

/** The Umm al-Qura day, month (1–12) and year of an instant's Qatar day. */
export function hijriDate(value: string | Date | number): { day: number; month: number; year: number } {
  const parts = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'Asia/Qatar',
  }).formatToParts(toDate(value));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value.replace(/\D/g, '') ?? 0);
  return { day: get('day'), month: get('month'), year: get('year') };
}

/** "١ رمضان ١٤٤٧ هـ" (Arabic-Indic digits) or "1 رمضان 1447 هـ"; empty for a missing or invalid date. */
export function formatHijri(
  value: string | Date | number | null | undefined,
  digits: Digits = 'arab',
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return hijriFormat(digits).format(date);
}
