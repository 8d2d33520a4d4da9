import { Badge } from '@bawaba/shared';
import type {
  ContractSide,
  ContractStatus,
  MilestoneStatus,
  VariationStatus,
} from '@bawaba/shared/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  CONTRACT_STATUS_PALETTE,
  MILESTONE_STATUS_PALETTE,
  VARIATION_STATUS_PALETTE,
} from '../../rules/contracts.ts';

const CONTRACT_STATUS_LABELS: Record<ContractStatus, MessageDescriptor> = {
  pending: msg`Awaiting acceptance`,
  active: msg`In effect`,
  completed: msg`Completed`,
  terminated: msg`Terminated`,
};

const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, MessageDescriptor> = {
  pending: msg`Not submitted`,
  submitted: msg`Submitted for review`,
  changesRequested: msg`Changes requested`,
  accepted: msg`Accepted`,
};

const VARIATION_STATUS_LABELS: Record<VariationStatus, MessageDescriptor> = {
  proposed: msg`Awaiting the other side`,
  accepted: msg`Accepted`,
  rejected: msg`Rejected`,
  withdrawn: msg`Withdrawn`,
  lapsed: msg`Lapsed`,
};

export const SIDE_LABELS: Record<ContractSide, MessageDescriptor> = {
  buyer: msg`Buyer`,
  supplier: msg`Supplier`,
};

/** A contract's state as a badge (`contract-status`, its state in `data-status`). */
export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge
      colorPalette={CONTRACT_STATUS_PALETTE[status]}
      variant="subtle"
      data-testid="contract-status"
      data-status={status}
    >
      {i18n._(CONTRACT_STATUS_LABELS[status])}
    </Badge>
  );
}

/** A milestone's state as a badge (`milestone-status`). */
export function MilestoneStatusBadge({ status }: { status: MilestoneStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge
      colorPalette={MILESTONE_STATUS_PALETTE[status]}
      variant="subtle"
      data-testid="milestone-status"
      data-status={status}
    >
      {i18n._(MILESTONE_STATUS_LABELS[status])}
    </Badge>
  );
}

/** A variation's state as a badge (`variation-status`). */
export function VariationStatusBadge({ status }: { status: VariationStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge
      colorPalette={VARIATION_STATUS_PALETTE[status]}
      variant="subtle"
      data-testid="variation-status"
      data-status={status}
    >
      {i18n._(VARIATION_STATUS_LABELS[status])}
    </Badge>
  );
}
