import { formatNumber, HStack, Stack, Text, useSessionStore } from '@bawaba/shared';
import type { Reputation } from '@bawaba/shared/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { hasReputation, oneDecimal } from '../rules/reputation.ts';

const AVERAGE_LABELS: Record<keyof Reputation['averages'], MessageDescriptor> = {
  quality: msg`Quality`,
  timeliness: msg`Timeliness`,
  communication: msg`Communication`,
  paymentOnTime: msg`Payment on time`,
};

/**
 * A company's reputation on Bawaba, from its contracts only: the contracts it delivered, its mean rating with the
 * number of ratings, and the average of each criterion (payment on time: as a buyer). Nothing for a company without
 * one (src/rules/reputation.ts).
 */
export function ReputationSummary({ reputation }: { reputation: Reputation | undefined }) {
  if (!hasReputation(reputation)) return null;
  const { i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const score = (value: number) => formatNumber(oneDecimal(value), language);
  const count = reputation.contractsDelivered;
  const ratings = reputation.ratingsCount;
  return (
    <Stack gap="0.5" fontSize="sm" data-testid="reputation">
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="medium" data-testid="contracts-delivered" data-count={count}>
          <Plural
            value={count}
            one="# contract delivered on Bawaba"
            other="# contracts delivered on Bawaba"
          />
        </Text>
        {reputation.overall !== null ? (
          <Text data-testid="reputation-overall" data-value={oneDecimal(reputation.overall)}>
            <Trans>
              Rated {score(reputation.overall)}/{score(5)} (
              <Plural value={ratings} one="# rating" other="# ratings" />)
            </Trans>
          </Text>
        ) : null}
      </HStack>
      <HStack gap="3" wrap="wrap" color="fg.muted">
        {(Object.keys(AVERAGE_LABELS) as (keyof Reputation['averages'])[]).map((criterion) => {
          const value = reputation.averages[criterion];
          return value === null ? null : (
            <Text
              key={criterion}
              data-testid="reputation-average"
              data-criterion={criterion}
              data-value={oneDecimal(value)}
            >
              {i18n._(AVERAGE_LABELS[criterion])} {score(value)}
            </Text>
          );
        })}
      </HStack>
    </Stack>
  );
}
