import { daysAgo, formatNumber, Text, useSessionStore } from '@bawaba/shared';
import { Plural, useLingui } from '@lingui/react/macro';

/** Spec §9: 'Today' or 'N days ago' (Qatar calendar days), with the language's plural forms. */
export function CreatedLabel({ createdAt, now }: { createdAt: string; now?: Date }) {
  const days = daysAgo(createdAt, now);
  const language = useSessionStore((s) => s.language);
  // The count in the locale's digits (Lingui's '#' would format with the bare language, Latin digits).
  const count = formatNumber(days, language);
  return (
    <Text as="span" fontSize="sm" color="fg.muted" data-testid="created-label" data-days={days}>
      {days === 0 ? (
        <TodayLabel />
      ) : (
        <Plural value={days} one={`${count} day ago`} other={`${count} days ago`} />
      )}
    </Text>
  );
}

function TodayLabel() {
  const { t } = useLingui();
  return <>{t`Today`}</>;
}
