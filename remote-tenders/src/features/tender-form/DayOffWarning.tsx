import { Text } from '@bawaba/shared';
import { dayOff, type HolidayKind } from '@bawaba/shared/calendar';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { fromQatarDateTime } from './qatar-time.ts';

const HOLIDAY_NAMES: Record<HolidayKind, MessageDescriptor> = {
  'national-day': msg`National Day`,
  'sport-day': msg`National Sport Day`,
  'eid-al-fitr': msg`Eid al-Fitr`,
  'eid-al-adha': msg`Eid al-Adha`,
};

/**
 * A warning (not a refusal: the owner may have reasons) when a date entered in Qatar time falls on a day off in
 * Qatar — the weekend or a public holiday, named. The API counts the deadline rules in working days
 * (docs/product-decisions.md "Working days").
 */
export function DayOffWarning({ value, testId }: { value: string; testId: string }) {
  const { t, i18n } = useLingui();
  const iso = fromQatarDateTime(value);
  if (!value || Number.isNaN(Date.parse(iso))) return null;
  const off = dayOff(new Date(iso));
  if (!off) return null;
  let text: string;
  if (off.reason === 'weekend') text = t`This falls on a weekend in Qatar (Friday or Saturday).`;
  else {
    const name = i18n._(HOLIDAY_NAMES[off.holiday.kind]);
    text = off.holiday.expected
      ? t`This falls on ${name}, a public holiday in Qatar (expected dates, not yet announced).`
      : t`This falls on ${name}, a public holiday in Qatar.`;
  }
  return (
    <Text fontSize="sm" color="orange.fg" role="status" data-testid={testId} data-reason={off.reason}>
      {text}
    </Text>
  );
}
