import type { TenderState } from '@bawaba/shared/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { STATE_LABELS } from '../../components/TenderLifecycle.tsx';

/**
 * The tabs of the owner's workspace: every tender; by approval (drafts, pending, rejected, every published one); then
 * by the stage of a published tender (GET /tenders/mine `state`), named as the stage badge names it.
 */
export const WORKSPACE_TABS: {
  value: string;
  label: MessageDescriptor;
  query: { approvalStatus?: string; state?: TenderState };
}[] = [
  { value: 'all', label: msg`All`, query: {} },
  { value: 'draft', label: msg`Drafts`, query: { approvalStatus: 'draft' } },
  { value: 'pending', label: STATE_LABELS.pending_approval, query: { approvalStatus: 'pending' } },
  { value: 'rejected', label: STATE_LABELS.rejected, query: { approvalStatus: 'rejected' } },
  { value: 'approved', label: msg`All published`, query: { approvalStatus: 'approved' } },
  ...(['published', 'bids_opened', 'standstill', 'awarded', 'no_award', 'cancelled'] as const).map(
    (state) => ({
      value: state,
      label: STATE_LABELS[state],
      query: { state },
    }),
  ),
];
