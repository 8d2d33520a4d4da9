import type { ContractSide, ContractStatus } from '../contracts/contract-actions.ts';
import { RATING_ACTIONS, type RatingAction, type RatingRefusal } from '../contracts/rating-actions.ts';
import { type ContractFacts, type ContractViewer, contractSide, SIDE_ROLES } from './contract-rules.ts';

/**
 * The rating rulebook: two-way ratings from contracts only. Once a contract is completed or terminated, each side
 * rates the other within RATING_WINDOW_DAYS (quality, timeliness, communication — and the supplier side also rates
 * the buyer's payment on time); the ratings are revealed when both sides have rated or the window closes, so nobody
 * rates after reading what they were given; until then a side reads only its own. Once revealed, a rating is final
 * and the rated side may reply to it once. The API asks these rules before every rating write, with the contract's
 * row locked (api/src/modules/ratings/service.ts), and sends their answer with every contract (`ratings.can`).
 */

export const RATING_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A contract's states in which it may be rated. */
export const CLOSED_STATUSES: readonly ContractStatus[] = ['completed', 'terminated'];

/** The contract and its ratings as the rules read them. */
export interface RatingFacts extends Pick<ContractFacts, 'status' | 'buyer' | 'supplier'> {
  /** When it was completed or terminated (null: still open). */
  closedAt: Date | string | null;
  /** The rating each side gave (by its rater side), and whether the rated side replied to it. */
  ratings: Partial<Record<ContractSide, { replied: boolean }>>;
}

const other = (side: ContractSide): ContractSide => (side === 'buyer' ? 'supplier' : 'buyer');

/** When the rating window closes (and the ratings are revealed at the latest); null while the contract is open. */
export function ratingWindowEnd(closedAt: Date | string | null): Date | null {
  if (closedAt === null || closedAt === undefined) return null;
  return new Date(new Date(closedAt).getTime() + RATING_WINDOW_DAYS * DAY_MS);
}

/** Whether a contract's ratings are revealed: both sides rated, or the window closed. */
export function ratingsRevealed(
  f: Pick<RatingFacts, 'closedAt' | 'ratings'>,
  now: Date = new Date(),
): boolean {
  if (f.ratings.buyer && f.ratings.supplier) return true;
  const end = ratingWindowEnd(f.closedAt);
  return end !== null && now.getTime() >= end.getTime();
}

/** The ratings a caller reads, by rater side: revealed, both; before that, their own side's only. */
export function visibleRatingSides(
  f: Pick<RatingFacts, 'closedAt' | 'ratings'>,
  side: ContractSide | null,
  now: Date = new Date(),
): ContractSide[] {
  if (ratingsRevealed(f, now)) return ['buyer', 'supplier'];
  return side ? [side] : [];
}

/**
 * Why the caller may not do `action` now (null: they may). Callers outside both sides are refused before (the
 * contract is not found for them); an administrator is never a party. Rating: the caller's side acts through its
 * roles (SIDE_ROLES), the contract is completed or terminated, the window is open and the ratings are not revealed
 * yet (until then a side may change its rating). Reply: to the other side's rating of the caller's side, once it is
 * revealed, once.
 */
export function ratingRefusal(
  f: RatingFacts,
  viewer: ContractViewer,
  action: RatingAction,
  now: Date = new Date(),
): RatingRefusal | null {
  if (!viewer) return 'UNAUTHORIZED';
  // Members' routes are closed to administrators' role (403); they read the ratings revealed, and act on none.
  if (viewer.isAdmin) return 'FORBIDDEN';
  const side = contractSide(f, viewer);
  if (!side) return 'CONTRACT_NOT_FOUND';
  // A personal party acts as the person; a company acts through the roles of its side.
  if (f[side].companyId !== null && !SIDE_ROLES[side].some((r) => (viewer.roles ?? []).includes(r)))
    return 'COMPANY_ROLE_REQUIRED';
  if (!CLOSED_STATUSES.includes(f.status)) return 'RATING_CONTRACT_OPEN';
  const revealed = ratingsRevealed(f, now);
  if (action === 'rate') {
    const end = ratingWindowEnd(f.closedAt);
    if (end !== null && now.getTime() >= end.getTime()) return 'RATING_WINDOW_CLOSED';
    return revealed ? 'RATING_REVEALED' : null;
  }
  const theirs = f.ratings[other(side)];
  if (!theirs) return 'RATING_NOT_GIVEN';
  if (!revealed) return 'RATING_NOT_REVEALED';
  return theirs.replied ? 'RATING_ALREADY_REPLIED' : null;
}

/** What the caller may do about the ratings (`can`) and why not (`refusals`). */
export function ratingPermissions(
  f: RatingFacts,
  viewer: ContractViewer,
  now: Date = new Date(),
): { can: Record<RatingAction, boolean>; refusals: Partial<Record<RatingAction, RatingRefusal>> } {
  const can = {} as Record<RatingAction, boolean>;
  const refusals: Partial<Record<RatingAction, RatingRefusal>> = {};
  for (const action of RATING_ACTIONS) {
    const r = ratingRefusal(f, viewer, action, now);
    can[action] = r === null;
    if (r) refusals[action] = r;
  }
  return { can, refusals };
}
