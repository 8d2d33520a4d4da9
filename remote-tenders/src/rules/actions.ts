import type { Tender, TenderRefusal } from '@bawaba/shared/contracts';

/**
 * How a bidder's action buttons show on a tender card and the tender page: not at all, clickable, or greyed out.
 * Nothing here decides a rule: what the caller may do is the tender's `can` and `refusals`, which the API computes
 * with the same rules it applies when the action is attempted (shared/src/rules/tender-rules.ts). This only chooses
 * how a refusal shows.
 */
type ActionState = 'hidden' | 'enabled' | 'disabled';

export interface TenderActionMatrix {
  /** 'Submit Proposal' → /submit-proposal/{id}. */
  proposal: ActionState;
  /** 'Interest' → confirmation → POST /interests. */
  interest: ActionState;
}

type TenderAnswer = Pick<Tender, 'can' | 'refusals' | 'state'>;

/**
 * - allowed: clickable; a visitor whom signing in would allow (refused only as `UNAUTHORIZED`) sees it clickable
 *   too, and the click leads to sign-in;
 * - already done (a proposal or an interest was sent): greyed out;
 * - any other refusal (the owner, an administrator, a deadline passed, an ended tender, no approved interest):
 *   not shown;
 * - once the proposal button shows, the interest button (its way in) is gone.
 * `interestJustSubmitted` covers the moment between a successful POST /interests and the next reload.
 */
export function tenderActions(tender: TenderAnswer, interestJustSubmitted = false): TenderActionMatrix {
  const show = (allowed: boolean, refusal: TenderRefusal | undefined, done: TenderRefusal): ActionState =>
    allowed || refusal === 'UNAUTHORIZED' ? 'enabled' : refusal === done ? 'disabled' : 'hidden';
  const proposal = show(tender.can.submitProposal, tender.refusals.submitProposal, 'PROPOSAL_EXISTS');
  if (proposal !== 'hidden') return { proposal, interest: 'hidden' };
  const interest = show(tender.can.expressInterest, tender.refusals.expressInterest, 'INTEREST_EXISTS');
  return { proposal, interest: interest === 'enabled' && interestJustSubmitted ? 'disabled' : interest };
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
  | 'interest'
  | 'credentials';

/** The message each refusal of a proposal is explained with. */
const BLOCKS: Partial<Record<TenderRefusal, ProposalBlock>> = {
  FORBIDDEN: 'admin',
  OWN_TENDER: 'owner',
  PROPOSAL_EXISTS: 'submitted',
  DEADLINE_PASSED: 'deadline',
  INTEREST_NOT_APPROVED: 'interest',
  CREDENTIALS_REQUIRED: 'credentials',
};

/**
 * The reason /submit-proposal/{id} shows instead of the form: the API's refusal of a proposal by this caller, told
 * in the page's words (an ended tender says how it ended).
 */
export function proposalBlock(tender: TenderAnswer): ProposalBlock | null {
  const refusal = tender.refusals.submitProposal;
  // A visitor's tender (loaded before signing in): the guarded route signs them in first.
  if (tender.can.submitProposal || !refusal || refusal === 'UNAUTHORIZED') return null;
  if (refusal === 'TENDER_ENDED' && (tender.state === 'awarded' || tender.state === 'no_award'))
    return tender.state;
  if (refusal === 'TENDER_ENDED') return 'cancelled';
  return BLOCKS[refusal] ?? 'not_open';
}
