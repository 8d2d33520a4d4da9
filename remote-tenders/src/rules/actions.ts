import type { Tender } from '@bawaba/shared/contracts';
import { tenderStage } from '@bawaba/shared/rules';

/** How an action button shows: not at all, clickable, or greyed out. */
type ActionState = 'hidden' | 'enabled' | 'disabled';

export interface TenderActionMatrix {
  /** 'Submit Proposal' → /submit-proposal/{id}. */
  proposal: ActionState;
  /** 'Interest' → confirmation → POST /interests. */
  interest: ActionState;
}

type TenderFlags = Pick<
  Tender,
  | 'status'
  | 'ownerId'
  | 'isOwner'
  | 'isPastDeadline'
  | 'isProposalSubmitted'
  | 'isInterestSubmitted'
  | 'isInterestApproved'
  | 'state'
>;

/** Who looks at the tender: a visitor (null) or a signed-in user. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
}

/**
 * The action buttons of a tender card and the detail page:
 * - the owner sees no action at all, and neither does an admin (admins take no bidder actions: the API refuses
 *   them for the role, which would end the session);
 * - open: 'Submit Proposal', disabled once a proposal has been submitted;
 * - closed: 'Submit Proposal' only once interest was submitted AND approved (disabled once submitted);
 *   'Interest' while no interest was submitted, disabled after submission (pending or rejected), gone
 *   once approved (the proposal button replaces it);
 * - once the deadline has passed, or the tender was awarded, closed without award or cancelled, nobody sees
 *   either button (the server refuses both calls: DEADLINE_PASSED / TENDER_ENDED).
 * An anonymous visitor gets the non-owner buttons (every flag is false for them); clicking leads to sign-in.
 * `interestJustSubmitted` covers the moment between a successful POST /interests and the next reload.
 */
export function tenderActions(
  tender: TenderFlags,
  viewer: Viewer | null,
  interestJustSubmitted = false,
): TenderActionMatrix {
  const owner = tender.isOwner || (viewer !== null && tender.ownerId === viewer.id);
  const none: TenderActionMatrix = { proposal: 'hidden', interest: 'hidden' };
  if (owner || viewer?.isAdmin) return none;
  if (tender.isPastDeadline || tender.state !== 'published') return none;

  const proposalState = (): ActionState => (tender.isProposalSubmitted ? 'disabled' : 'enabled');

  if (tender.status === 'open') return { proposal: proposalState(), interest: 'hidden' };

  const interestSubmitted = tender.isInterestSubmitted || interestJustSubmitted;
  if (tender.isInterestSubmitted && tender.isInterestApproved) {
    return { proposal: proposalState(), interest: 'hidden' };
  }
  return {
    proposal: 'hidden',
    interest: interestSubmitted ? 'disabled' : 'enabled',
  };
}

/** Why the proposal form is not offered (each reason has its own message), or null when it is. */
export type ProposalBlock =
  | 'admin'
  | 'owner'
  | 'cancelled'
  | 'awarded'
  | 'no_award'
  | 'submitted'
  | 'deadline'
  | 'not_open'
  | 'interest';

/**
 * The reason /submit-proposal/{id} shows instead of the form, from what the API says about the tender: an
 * administrator, the owner, an ended tender (cancelled, awarded, no award), a proposal already sent, a passed
 * deadline, a tender not (yet) accepting proposals, or a closed tender without approved interest.
 */
export function proposalBlock(tender: TenderFlags, viewer: Viewer | null): ProposalBlock | null {
  if (viewer?.isAdmin) return 'admin';
  if (tender.isOwner || (viewer !== null && tender.ownerId === viewer.id)) return 'owner';
  const { stage, ended } = tenderStage(tender);
  if (ended) return stage as 'cancelled' | 'awarded' | 'no_award';
  if (tender.isProposalSubmitted) return 'submitted';
  if (stage === 'bids_opened' || tender.isPastDeadline) return 'deadline';
  if (stage !== 'published') return 'not_open';
  if (tenderActions(tender, viewer).proposal === 'hidden') return 'interest';
  return null;
}
