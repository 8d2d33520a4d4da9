import { Box, formatDate, HStack, intlLocale, Stack, Text, useSessionStore } from '@bawaba/shared';
import { useLingui } from '@lingui/react/macro';

export interface TimelineTender {
  publish_date: string | null;
  deadline: string | null;
  start_date: string | null;
  end_date: string | null;
}

const DAY_MS = 86_400_000;

/**
 * The tender's key dates in order — published, proposals due, work starts, work ends — with the ones already
 * past marked done, and how long is left until the deadline. Made of the shared primitives only (no component
 * the host would have to provide first): it shipped in a tenders release alone (docs/releases.md).
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

  const days = tender.deadline ? Math.ceil((Date.parse(tender.deadline) - now.getTime()) / DAY_MS) : null;
  const left =
    days !== null && days >= 0
      ? new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' }).format(days, 'day')
      : null;

  return (
    <Box as="section" aria-label={t`Key dates`} data-testid="tender-timeline">
      <Text fontWeight="semibold" mb="3">
        {t`Key dates`}
      </Text>
      <Stack as="ol" gap="0" listStyleType="none">
        {steps.map((step, index) => {
          const done = Date.parse(step.at) <= now.getTime();
          return (
            <HStack
              as="li"
              key={step.key}
              align="stretch"
              gap="3"
              data-testid={`timeline-${step.key}`}
              data-done={done}
            >
              <Stack align="center" gap="0">
                <Box
                  boxSize="3"
                  mt="1.5"
                  borderRadius="full"
                  borderWidth="2px"
                  borderColor="brand.solid"
                  bg={done ? 'brand.solid' : 'bg.panel'}
                />
                {index < steps.length - 1 && <Box flex="1" w="0.5" bg="border" minH="6" />}
              </Stack>
              <Box pb="3">
                <Text fontSize="sm">{step.label}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatDate(step.at, language)}
                  {step.key === 'deadline' && left ? ` · ${left}` : ''}
                </Text>
              </Box>
            </HStack>
          );
        })}
      </Stack>
    </Box>
  );
}
