import { Alert, Badge, formatDate, Text, useSessionStore } from '@bawaba/shared';
import type { Tender, TenderState } from '@bawaba/shared/contracts';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/**
 * Where a tender is in its lifecycle (api/README.md "Tender lifecycle"), as the list and the tender page show it:
 * the state badge and the outcome of an ended tender (the amendment history: AmendmentHistory.tsx).
 */

/**
 * The one label table of a tender's states (the visitor's list and page, the owner's workspace, its tabs and the
 * filters read it).
 */
export const STATE_LABELS: Record<TenderState, MessageDescriptor> = {
  draft: msg`Draft`,
  pending_approval: msg`Pending approval`,
  rejected: msg`Rejected`,
  published: msg`Accepting proposals`,
  bids_opened: msg`Bids opened`,
  standstill: msg`Award decided (standstill)`,
  awarded: msg`Awarded`,
  no_award: msg`Closed without award`,
  cancelled: msg`Cancelled`,
};
/** The badge colour of the states past publication (published is the normal case: no badge). */
const PALETTE: Partial<Record<TenderState, string>> = {
  bids_opened: 'orange',
  standstill: 'yellow',
  awarded: 'green',
  no_award: 'gray',
  cancelled: 'red',
};

/**
 * The lifecycle badge. A visitor's list and page show it once a tender is past publication; the owner's workspace
 * shows every state, giving the colour of the states before it (`palette`) and its own test id.
 */
export function TenderStateBadge({
  state,
  palette = PALETTE[state],
  testId = 'tender-state',
}: {
  state: TenderState;
  palette?: string;
  testId?: string;
}) {
  const { i18n } = useLingui();
  if (!palette) return null;
  return (
    <Badge colorPalette={palette} variant="subtle" data-testid={testId} data-state={state}>
      {i18n._(STATE_LABELS[state])}
    </Badge>
  );
}

/** How an ended tender ended: when, to whom (publicly: the winner's company, or name) and why. */
export function TenderOutcomePanel({ tender }: { tender: Tender }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const outcome = tender.outcome;
  if (!outcome) return null;
  const on = formatDate(outcome.at, language);
  const title =
    outcome.status === 'awarded'
      ? t`Awarded on ${on}`
      : outcome.status === 'cancelled'
        ? t`Cancelled on ${on}`
        : t`Closed without award on ${on}`;
  return (
    <Alert.Root
      status={outcome.status === 'awarded' ? 'success' : outcome.status === 'cancelled' ? 'error' : 'neutral'}
      data-testid="tender-outcome"
      data-outcome={outcome.status}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {outcome.winner && (
          <Alert.Description data-testid="tender-winner">
            {t`Awarded to`}{' '}
            <bdi
              data-testid="tender-winner-name"
              {...(outcome.winner.nameLang ? textLangProps(outcome.winner.nameLang) : { dir: 'auto' })}
            >
              {outcome.winner.name}
            </bdi>
          </Alert.Description>
        )}
        {outcome.note && (
          <Alert.Description data-testid="tender-outcome-note">
            {outcome.status === 'awarded' ? t`Your note (only you see it):` : t`Reason:`}{' '}
            <Text as="span" dir="auto">
              {outcome.note}
            </Text>
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
