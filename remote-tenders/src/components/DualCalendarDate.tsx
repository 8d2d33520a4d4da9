import { formatHijri } from '@bawaba/shared/hijri';
import type { DisplayPrefs } from '@bawaba/shared/rules';

/**
 * An Arabic date in both calendars, in the reader's order and digits: "١٨/٠٢/٢٠٢٦ (١ رمضان ١٤٤٧ هـ)". Its own chunk
 * (./CalendarDates.tsx loads it on Arabic pages only), so English pages never fetch the Hijri formatting.
 */
export default function DualCalendarDate({
  value,
  gregorian,
  prefs,
}: {
  value: string;
  gregorian: string;
  prefs: DisplayPrefs;
}) {
  const hijri = formatHijri(value, prefs.digits === 'latn' ? 'latn' : 'arab');
  const [first, second] = prefs.dateOrder === 'hijri_first' ? [hijri, gregorian] : [gregorian, hijri];
  return (
    <span data-testid="calendar-date" data-gregorian={gregorian} data-hijri={hijri}>
      <bdi>{first}</bdi> (<bdi>{second}</bdi>)
    </span>
  );
}
