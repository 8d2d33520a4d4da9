import { Box, Heading, Stack } from '@bawaba/shared';
import type { Contract } from '@bawaba/shared/contracts';
import { ActedBy } from '@bawaba/shared/kit';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { DeadlineAt } from '../../components/CalendarDates.tsx';

/** The label of each kind of line in a contract's history (the API's `action`); any other: "Updated". */
const EVENT_LABELS: Record<string, MessageDescriptor> = {
  created: msg`Contract created from the award`,
  accepted: msg`Contract accepted`,
  activated: msg`Both sides accepted: the contract is active`,
  milestoneSubmitted: msg`Deliverables submitted`,
  milestoneAccepted: msg`Deliverables accepted`,
  changesRequested: msg`Changes requested to the deliverables`,
  milestonePaid: msg`Milestone paid`,
  variationProposed: msg`Variation proposed`,
  variationAccepted: msg`Variation accepted`,
  variationRejected: msg`Variation rejected`,
  variationWithdrawn: msg`Variation withdrawn`,
  completed: msg`Contract completed`,
  terminated: msg`Contract terminated`,
};

const UPDATED = msg`Updated`;

/** The contract's history: what was done, when, and by whom (the person and the company they acted for). */
export function ContractHistory({ contract }: { contract: Contract }) {
  const { t, i18n } = useLingui();
  return (
    <Box as="section" aria-labelledby="contract-history" data-testid="contract-history">
      <Heading as="h2" size="md" mb="3" id="contract-history">
        {t`History`}
      </Heading>
      <Stack as="ol" gap="1" fontSize="sm" ps="4" listStyleType="decimal">
        {contract.history.map((e) => (
          <li key={e.id} data-testid="contract-event" data-action={e.action}>
            {i18n._(EVENT_LABELS[e.action] ?? UPDATED)} · <DeadlineAt value={e.at} /> ·{' '}
            {e.actor ? <ActedBy actor={e.actor} /> : t`System`}
          </li>
        ))}
      </Stack>
    </Box>
  );
}
