import {
  Alert,
  Badge,
  formatDate,
  formatMoney,
  HStack,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import type { Amendment, Tender, TenderState } from '@bawaba/shared/contracts';
import { AMENDMENT_MIN_DAYS_LEFT } from '@bawaba/shared/rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { listAmendments } from '../api.ts';

/**
 * Where a tender is in its lifecycle (api/README.md "Tender lifecycle"), as the list and the tender page show it:
 * the state badge, the outcome of an ended tender and the amendment history.
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
  awarded: msg`Awarded`,
  no_award: msg`Closed without award`,
  cancelled: msg`Cancelled`,
};
/** The badge colour of the states past publication (published is the normal case: no badge). */
const PALETTE: Partial<Record<TenderState, string>> = {
  bids_opened: 'orange',
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
            {t`Awarded to`} <bdi>{outcome.winner.name}</bdi>
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

const FIELD_LABELS: Record<string, MessageDescriptor> = {
  description: msg`Description`,
  documents: msg`Documents`,
  bond: msg`Bond`,
  participationFee: msg`Participation fee`,
  start_date: msg`Start date`,
  end_date: msg`End date`,
  deadline: msg`Deadline`,
  clarification_cutoff: msg`Questions until`,
};
const DATE_FIELDS = new Set(['start_date', 'end_date', 'deadline', 'clarification_cutoff']);

/** The numbered amendments, newest first: what changed (before → after) and why. */
export function AmendmentHistory({ tender }: { tender: Tender }) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const list = useLoad(`amendments|${tender.id}|${tender.amendmentCount}|${language}`, () =>
    listAmendments(tender.id),
  );
  if (tender.amendmentCount === 0 || !list.data || list.data.length === 0) return null;
  const value = (a: Amendment['changes'][number], v: string | number | null) => {
    if (v === null || v === '') return '—';
    if (DATE_FIELDS.has(a.field)) return formatDate(String(v), language);
    if (typeof v === 'number') return formatMoney(v, language, tender.currency);
    return v;
  };
  return (
    <section aria-labelledby="amendments-title" data-testid="amendments">
      <Text as="h2" id="amendments-title" fontWeight="semibold" fontSize="lg" mb="2">
        {t`Amendments`}
      </Text>
      <Stack gap="3">
        {list.data.map((a) => (
          <Stack
            key={a.number}
            gap="1"
            borderWidth="1px"
            borderRadius="md"
            p="3"
            data-testid="amendment"
            data-number={a.number}
          >
            <HStack justify="space-between" wrap="wrap">
              <Text fontWeight="medium">{t`Amendment ${a.number}`}</Text>
              <Text fontSize="sm" color="fg.muted">
                {formatDate(a.createdAt, language)}
              </Text>
            </HStack>
            <Text dir="auto">{a.reason}</Text>
            <Stack as="ul" gap="0.5" fontSize="sm" ps="4" listStyleType="disc">
              {a.changes.map((c) => (
                <li key={c.field}>
                  <Text as="span" fontWeight="medium">
                    {FIELD_LABELS[c.field] ? i18n._(FIELD_LABELS[c.field]!) : c.field}
                  </Text>
                  {c.field === 'description' ? (
                    <Text as="span"> {t`was rewritten`}</Text>
                  ) : (
                    <Text as="span">
                      : <bdi>{value(c, c.before)}</bdi> → <bdi>{value(c, c.after)}</bdi>
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
            {a.deadlinePushed && (
              <Text fontSize="sm" color="orange.fg" data-testid="deadline-pushed">
                {t`The deadline was extended so that bidders keep at least ${AMENDMENT_MIN_DAYS_LEFT} working days to react.`}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </section>
  );
}
