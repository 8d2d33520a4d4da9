import { intlLocale, Text, useSessionStore } from '@bawaba/shared';
import { BundledChakra, Timeline } from '@bawaba/shared/chakra-bundled';
import { useLingui } from '@lingui/react/macro';
import { calendarDaysUntil } from '../rules/dates.ts';
import { CalendarDate } from './CalendarDates.tsx';

export interface TimelineTender {
  publish_date: string | null;
  deadline: string | null;
  start_date: string | null;
  end_date: string | null;
}

/**
 * The tender's key dates in order — published, proposals due, work starts, work ends — with the ones already
 * past marked done, and how many Qatar calendar days are left until the deadline (`calendarDaysUntil`). Chakra's Timeline, which the host's shared surface
 * does not provide: this remote bundles it (`@bawaba/shared/chakra-bundled`) and shipped it without a host
 * release (docs/releases.md).
 */
export function TenderTimeline({ tender, now = new Date() }: { tender: TimelineTender; now?: Date }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const steps = [
    { key: 'publish', label: t`Published`, at: tender.publish_date },
    { key: 'deadline', label: t`Proposals due`, at: tender.deadline },
    { key: 'start', label: t`Work starts`, at: tender.start_date },
    { key: 'end', label: t`Work ends`, at: tender.end_date },
  ].filter((step): step is { key: string; label: string; at: string } => step.at !== null);
  if (steps.length === 0) return null;

  const days = calendarDaysUntil(tender.deadline, now);
  const left =
    days !== null
      ? new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' }).format(days, 'day')
      : null;

  return (
    <BundledChakra>
      <section aria-label={t`Key dates`} data-testid="tender-timeline">
        <Text fontWeight="semibold" mb="3">
          {t`Key dates`}
        </Text>
        <Timeline.Root size="sm" variant="subtle" colorPalette="brand">
          {steps.map((step) => {
            const done = Date.parse(step.at) <= now.getTime();
            return (
              <Timeline.Item key={step.key} data-testid={`timeline-${step.key}`} data-done={done}>
                <Timeline.Connector>
                  <Timeline.Separator />
                  <Timeline.Indicator
                    bg={done ? 'colorPalette.solid' : 'bg.panel'}
                    borderWidth="2px"
                    borderColor="colorPalette.solid"
                  />
                </Timeline.Connector>
                <Timeline.Content>
                  <Timeline.Title>{step.label}</Timeline.Title>
                  <Timeline.Description>
                    <CalendarDate value={step.at} />
                    {step.key === 'deadline' && left ? ` · ${left}` : ''}
                  </Timeline.Description>
                </Timeline.Content>
              </Timeline.Item>
            );
          })}
        </Timeline.Root>
      </section>
    </BundledChakra>
  );
}
