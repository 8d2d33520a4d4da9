import { call, myInterests, receivedInvitations } from '@bawaba/shared/call';
import { getProposal, myProposals, payProposal } from '../../api.ts';

/** The bidder's calls: their proposals (pay, versions), their interests and the invitations to their companies. */
export const bidderApi = {
  myProposals,
  proposal: getProposal,
  /** A fresh checkout for an unpaid proposal, with its `Idempotency-Key` (the same while the user retries). */
  payProposal,
  myInterests: () => call(myInterests),
  /** Invitations to the caller's companies. */
  receivedInvitations: () => call(receivedInvitations),
};
