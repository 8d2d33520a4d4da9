import type { TenderState } from '@bawaba/shared/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The account's own message tables (the contracts' validation messages are in shared/src/contracts/messages.ts;
 * the status and payment-term labels in shared's StatusBadge.tsx).
 */

/**
 * The tabs of Tender management: every tender; by approval (drafts, pending, rejected, every published one); then
 * by the stage of a published tender (GET /tenders/mine `state`).
 */
export const TENDER_TABS: {
  value: string;
  label: MessageDescriptor;
  query: { approvalStatus?: string; state?: TenderState };
}[] = [
  { value: 'all', label: msg`All`, query: {} },
  { value: 'draft', label: msg`Drafts`, query: { approvalStatus: 'draft' } },
  { value: 'pending', label: msg`Pending approval`, query: { approvalStatus: 'pending' } },
  { value: 'rejected', label: msg`Rejected`, query: { approvalStatus: 'rejected' } },
  { value: 'approved', label: msg`All published`, query: { approvalStatus: 'approved' } },
  { value: 'published', label: msg`Accepting proposals`, query: { state: 'published' } },
  { value: 'bids_opened', label: msg`Awaiting decision`, query: { state: 'bids_opened' } },
  { value: 'awarded', label: msg`Awarded`, query: { state: 'awarded' } },
  { value: 'no_award', label: msg`Closed without award`, query: { state: 'no_award' } },
  { value: 'cancelled', label: msg`Cancelled`, query: { state: 'cancelled' } },
];
