import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The account's own message tables (the contracts' validation messages are in shared/src/contracts/messages.ts;
 * the status and payment-term labels in shared's StatusBadge.tsx).
 */

/** The state tabs: every tender, then by approval state (docs/product-spec.md §3 approvalStatus, §4 tender status). */
export const TENDER_STATE_TABS: { value: string; label: MessageDescriptor }[] = [
  { value: 'all', label: msg`All` },
  { value: 'draft', label: msg`Drafts` },
  { value: 'pending', label: msg`Pending approval` },
  { value: 'approved', label: msg`Published` },
  { value: 'rejected', label: msg`Rejected` },
];
