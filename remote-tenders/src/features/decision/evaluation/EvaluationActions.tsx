import { Button, HStack, Text } from '@bawaba/shared';
import type { ComparisonRow, ProposalAwardRefusal } from '@bawaba/shared/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** How each reason the API gives for refusing to award a proposal (its row's `awardRefusal`) is told. */
const AWARD_REFUSALS: Record<ProposalAwardRefusal, MessageDescriptor> = {
  PROPOSAL_NOT_RESPONSIVE: msg`Marked not responsive: it cannot be awarded.`,
  PROPOSAL_NOT_PAID: msg`The participation fee and bond were not paid: it cannot be awarded.`,
  PROPOSAL_FAILED_TECHNICAL: msg`It did not pass the technical evaluation: it cannot be awarded.`,
};

/**
 * A compared proposal's evaluation and award: shortlist, mark not responsive (asks why), award (asks for a note),
 * each while the tender's `can` allows it, the award refused with the API's reason when the row carries one.
 */
export function EvaluationActions({
  row,
  bidder,
  canEvaluate,
  canAward,
  onShortlist,
  onAct,
}: {
  row: ComparisonRow;
  /** The bidder's name, for the buttons' accessible names. */
  bidder: string;
  canEvaluate: boolean;
  canAward: boolean;
  onShortlist: () => void;
  onAct: (kind: 'award' | 'not_responsive') => void;
}) {
  const { t, i18n } = useLingui();
  const refusal = row.awardRefusal ? AWARD_REFUSALS[row.awardRefusal] : null;
  const why = `award-why-${row.proposalId}`;
  return (
    <HStack gap="2" wrap="wrap">
      {canEvaluate && (
        <>
          <Button
            size="xs"
            variant="outline"
            onClick={onShortlist}
            disabled={row.evaluation === 'shortlisted'}
            data-testid="shortlist"
            aria-label={t`Shortlist ${bidder}`}
          >
            <Trans>Shortlist</Trans>
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => onAct('not_responsive')}
            data-testid="not-responsive"
            aria-label={t`Mark ${bidder} not responsive`}
          >
            <Trans>Not responsive</Trans>
          </Button>
        </>
      )}
      {canAward && (
        <Button
          size="xs"
          colorPalette="brand"
          onClick={() => onAct('award')}
          disabled={refusal !== null}
          aria-describedby={refusal ? why : undefined}
          data-testid="award"
          aria-label={t`Award to ${bidder}`}
        >
          <Trans>Award</Trans>
        </Button>
      )}
      {canAward && refusal && (
        <Text id={why} fontSize="xs" color="fg.muted" data-testid="award-refusal">
          {i18n._(refusal)}
        </Text>
      )}
    </HStack>
  );
}
