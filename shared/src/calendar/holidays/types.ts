/** One public holiday of Qatar: a day, or a run of days (an Eid break), as a Qatar calendar day range. */
export interface Holiday {
  /** First day off, yyyy-mm-dd (Qatar). */
  from: string;
  /** Last day off, yyyy-mm-dd (Qatar), the same as `from` for a one-day holiday. */
  to: string;
  kind: HolidayKind;
  /** Not announced yet: the days the Umm al-Qura calendar and the Labour Law give; replaced once announced. */
  expected?: true;
}

export type HolidayKind = 'national-day' | 'sport-day' | 'eid-al-fitr' | 'eid-al-adha';

/** A year's data file: its holidays and where each confirmed one was announced. */
export interface HolidayYear {
  year: number;
  holidays: readonly Holiday[];
  /** The announcements the confirmed Eid breaks come from (title or address, and date). */
  sources: readonly string[];
}
