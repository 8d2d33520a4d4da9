import { formatDate, intlLocale, type Language, useSessionStore } from '@bawaba/shared';
import {
  DEFAULT_DISPLAY_PREFS,
  type DisplayPrefs,
  displayPrefs,
  subscribeDisplayPrefs,
} from '@bawaba/shared/rules';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useSyncExternalStore } from 'react';

const DualCalendarDate = lazy(() => import('./DualCalendarDate.tsx'));

/** The reader's digits and calendar order (@bawaba/shared/rules display-prefs), re-rendering when they change. */
function useDisplayPrefs(): DisplayPrefs {
  return useSyncExternalStore(subscribeDisplayPrefs, displayPrefs, () => DEFAULT_DISPLAY_PREFS);
}

/**
 * A date as the detail pages write it (dd/MM/yyyy, Qatar day), and on Arabic pages its Umm al-Qura date beside it,
 * in the order the reader chose: "١٨/٠٢/٢٠٢٦ (١ رمضان ١٤٤٧ هـ)" (./DualCalendarDate.tsx, fetched on Arabic pages;
 * the Gregorian date alone until it arrives).
 */
export function CalendarDate({ value }: { value: string | null | undefined }) {
  const language = useSessionStore((s) => s.language);
  const prefs = useDisplayPrefs();
  const gregorian = formatDate(value, language);
  if (!value || !gregorian) return <>—</>;
  if (language !== 'ar') return <>{gregorian}</>;
  return (
    <Suspense fallback={gregorian}>
      <DualCalendarDate value={value} gregorian={gregorian} prefs={prefs} />
    </Suspense>
  );
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** The Qatar clock time of an instant (13:00), in the reader's digits. */
function qatarTime(value: string, language: Language): string {
  const locale = intlLocale(language);
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Qatar',
    });
    timeFormats.set(locale, format);
  }
  return format.format(new Date(value));
}

/** A deadline: its date (both calendars in Arabic) and its time, said to be Qatar's. */
export function DeadlineAt({ value }: { value: string | null | undefined }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  if (!value || Number.isNaN(Date.parse(value))) return <>—</>;
  return (
    <span data-testid="deadline-at">
      <CalendarDate value={value} /> <bdi>{qatarTime(value, language)}</bdi> {t`Qatar time (UTC+3)`}
    </span>
  );
}
