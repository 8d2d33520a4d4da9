import { describe, expect, it } from 'vitest';
import { formatHijri, hijriDate } from './hijri.ts';

/**
 * Known conversions of the Umm al-Qura calendar, as published by the Saudi authorities that keep it (the
 * calendar of King Abdulaziz City for Science and Technology, ummulqura.org.sa) and announced as the start of
 * Ramadan, Eid al-Fitr and Eid al-Adha in Saudi Arabia:
 * - 1 Muharram 1400 = 21 November 1979 (the first day of the 15th Hijri century);
 * - 1 Ramadan 1445 = 11 March 2024; 1 Shawwal 1445 (Eid al-Fitr) = 10 April 2024; 10 Dhu al-Hijjah 1445
 *   (Eid al-Adha) = 16 June 2024;
 * - 1 Muharram 1446 = 7 July 2024;
 * - 1 Ramadan 1446 = 1 March 2025; 1 Shawwal 1446 = 30 March 2025; 10 Dhu al-Hijjah 1446 = 6 June 2025;
 * - 1 Ramadan 1447 = 18 February 2026 (the Umm al-Qura calendar's date).
 */
const KNOWN: [gregorian: string, day: number, month: number, year: number][] = [
  ['1979-11-21', 1, 1, 1400],
  ['2024-03-11', 1, 9, 1445],
  ['2024-04-10', 1, 10, 1445],
  ['2024-06-16', 10, 12, 1445],
  ['2024-07-07', 1, 1, 1446],
  ['2025-03-01', 1, 9, 1446],
  ['2025-03-30', 1, 10, 1446],
  ['2025-06-06', 10, 12, 1446],
  ['2026-02-18', 1, 9, 1447],
];

describe('Hijri dates (Umm al-Qura)', () => {
  it.each(KNOWN)('%s is %i/%i/%i', (gregorian, day, month, year) => {
    expect(hijriDate(`${gregorian}T12:00:00+03:00`)).toEqual({ day, month, year });
  });

  it('take the Qatar day: 22:00 UTC on 17 February 2026 is already 1 Ramadan in Doha', () => {
    expect(hijriDate('2026-02-17T22:00:00Z')).toEqual({ day: 1, month: 9, year: 1447 });
    expect(hijriDate('2026-02-17T20:00:00Z')).toEqual({ day: 29, month: 8, year: 1447 });
  });

  it('read in Arabic with the chosen digits', () => {
    expect(formatHijri('2026-02-18T09:00:00Z')).toBe('١ رمضان ١٤٤٧ هـ');
    expect(formatHijri('2026-02-18T09:00:00Z', 'latn')).toBe('1 رمضان 1447 هـ');
    expect(formatHijri(null)).toBe('');
    expect(formatHijri('not a date')).toBe('');
  });
});
