import { Box, formatDate, Stack, Text, useLoad, useSessionStore } from '@bawaba/shared';
import type { TenderEventKind } from '@bawaba/shared/contracts';
import { ActedBy } from '@bawaba/shared/kit';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ownerApi } from '../../workspace/owner-api.ts';

const EVENT_LABELS: Record<TenderEventKind, MessageDescriptor> = {
  created: msg`Created`,
  edited: msg`Edited`,
  submitted: msg`Sent for approval`,
  approved: msg`Approved and published`,
  rejected: msg`Rejected by an administrator`,
  access_closed: msg`Closed to interest-approved bidders`,
  answered: msg`Question answered`,
  amended: msg`Amended`,
  bids_opened: msg`Bids opened at the deadline`,
  shortlisted: msg`Proposal shortlisted`,
  not_responsive: msg`Proposal marked not responsive`,
  awarded: msg`Award decided`,
  no_award: msg`Closed without award`,
  cancelled: msg`Cancelled`,
  decision_requested: msg`Decision requested (needs an approver)`,
  decision_approved: msg`Decision approved`,
  decision_refused: msg`Decision refused by an approver`,
  award_final: msg`Award final after the standstill`,
  objection_filed: msg`Objection filed`,
  objection_answered: msg`Objection answered`,
  award_withdrawn: msg`Award withdrawn after an objection`,
  bafo_started: msg`Best-and-final-offer round started`,
  bafo_offer: msg`Best and final offer received`,
  panel_appointed: msg`Evaluation panel appointed`,
  declaration_signed: msg`Conflict-of-interest declaration signed`,
  declaration_declined: msg`Conflict-of-interest declaration declined`,
  scores_submitted: msg`Scores submitted`,
  revisit_requested: msg`Revisit of a score requested`,
  technical_locked: msg`Technical evaluation locked`,
  technical_failed: msg`Proposal did not pass the technical evaluation`,
};

/**
 * The audit trail: who did what (the person and the company they acted for), when (the system opens the bids at the
 * deadline).
 */
export function HistoryList({ tenderId, version }: { tenderId: number; version: number }) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const list = useLoad(`history:${tenderId}:${version}`, () => ownerApi.history(tenderId));
  if (!list.data) return null;
  return (
    <Box as="section" aria-label={t`History`} data-testid="tender-history">
      <Text fontWeight="semibold" mb="2">
        <Trans>History</Trans>
      </Text>
      <Stack as="ol" gap="1" fontSize="sm" ps="4" listStyleType="decimal">
        {list.data.map((e) => (
          <li key={`${e.id}-${e.action}`} data-testid="history-event" data-action={e.action}>
            {i18n._(EVENT_LABELS[e.action])} ·{formatDate(e.at, language)} ·{' '}
            {e.actor ? <ActedBy actor={e.actor} /> : t`System`}
          </li>
        ))}
      </Stack>
    </Box>
  );
}
