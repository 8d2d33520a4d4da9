import type { TenderState } from '@bawaba/shared/contracts';
import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenderEvents, tenders } from '../../db/schema.ts';
import { AppError, type ErrorCode } from '../../errors.ts';

/**
 * The tender state machine: the ONE table of what may be done to a tender in which state, and the audit trail
 * that records each transition. A tender's state is derived from its row (approval, outcome, deadline), so it can
 * never disagree with the columns the other rules read:
 *
 *   draft ──submit──▶ pending_approval ──approve──▶ published ──(deadline)──▶ bids_opened ──award──▶ awarded
 *     ▲                   │                           │                          ├──no_award──▶ no_award
 *     └──edit── rejected ◀┘reject                     └────────cancel────────────┴──cancel────▶ cancelled
 *
 * Bid opening needs nobody: it happens at the deadline (the proposals unseal) and the history shows it there.
 * Every write runs in a transaction that first locks the tender row (`lockTender`), then asks `allow` — so of two
 * racing calls the second sees the first's outcome and is refused (409), and nothing is half-written.
 */

type Row = typeof tenders.$inferSelect;

export function tenderState(t: Row, now = Date.now()): TenderState {
  if (t.outcome === 'awarded' || t.outcome === 'no_award' || t.outcome === 'cancelled') return t.outcome;
  if (t.approvalStatus === 'draft') return 'draft';
  if (t.approvalStatus === 'pending') return 'pending_approval';
  if (t.approvalStatus === 'rejected') return 'rejected';
  return t.deadline && t.deadline.getTime() <= now ? 'bids_opened' : 'published';
}

/** Each action: the states it is allowed in and the state it leads to (null = the state does not change). */
export const TRANSITIONS = {
  edit: { from: ['draft', 'rejected'], to: 'draft' },
  submit: { from: ['draft', 'rejected'], to: 'pending_approval' },
  approve: { from: ['pending_approval'], to: 'published' },
  reject: { from: ['pending_approval'], to: 'rejected' },
  /** Open → closed access (interest needed to bid); not a change of state. */
  restrict: { from: ['draft', 'pending_approval', 'rejected', 'published'], to: null },
  /** Invite a directory company (before the deadline too: see invitations/service.ts). */
  invite: { from: ['draft', 'pending_approval', 'rejected', 'published'], to: null },
  /** Proposals, resubmissions and interests. */
  bid: { from: ['published'], to: null },
  ask: { from: ['published'], to: null },
  answer: { from: ['published'], to: null },
  amend: { from: ['published'], to: null },
  evaluate: { from: ['bids_opened'], to: null },
  award: { from: ['bids_opened'], to: 'awarded' },
  no_award: { from: ['bids_opened'], to: 'no_award' },
  cancel: { from: ['published', 'bids_opened'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly TenderState[]; to: TenderState | null }>;
export type TenderAction = keyof typeof TRANSITIONS;

const ENDED: readonly TenderState[] = ['awarded', 'no_award', 'cancelled'];

/** The refusal that tells the caller why, in the state the tender is in. */
function refusal(action: TenderAction, state: TenderState): ErrorCode {
  const allowed: readonly TenderState[] = TRANSITIONS[action].from;
  if (ENDED.includes(state)) return 'TENDER_ENDED';
  if (state === 'bids_opened' && allowed.includes('published')) return 'DEADLINE_PASSED';
  if (state === 'published' && allowed.includes('bids_opened')) return 'BIDS_NOT_OPENED';
  if (allowed.length === 1 && allowed[0] === 'published') return 'TENDER_NOT_PUBLISHED_STATE';
  return 'TENDER_INVALID_STATE';
}

/** The transition `action` makes from the tender's state now, or the refusal. */
export function allow(
  action: TenderAction,
  t: Row,
  now = Date.now(),
): { from: TenderState; to: TenderState } {
  const from = tenderState(t, now);
  const rule = TRANSITIONS[action];
  if (!(rule.from as readonly TenderState[]).includes(from)) throw new AppError(refusal(action, from));
  return { from, to: rule.to ?? from };
}

/** The tender row locked for the rest of the transaction. */
export async function lockTender(tx: Tx, id: number): Promise<Row> {
  const [t] = await tx.select().from(tenders).where(eq(tenders.id, id)).for('update');
  if (!t) throw new AppError('TENDER_NOT_FOUND');
  return t;
}

/** One line of the audit trail, in the transaction that made the change. */
export async function record(
  tx: Tx,
  tenderId: number,
  actorId: number | null,
  action: string,
  move: { from: TenderState; to: TenderState },
  details: Record<string, unknown> = {},
) {
  await tx
    .insert(tenderEvents)
    .values({ tenderId, actorId, action, fromState: move.from, toState: move.to, details });
}

/** The SQL condition of "in this state now" (the list filter), mirroring `tenderState`. */
export function stateCondition(state: TenderState, now = new Date()): SQL | undefined {
  const running = and(isNull(tenders.outcome), eq(tenders.approvalStatus, 'approved'));
  switch (state) {
    case 'draft':
      return and(isNull(tenders.outcome), eq(tenders.approvalStatus, 'draft'));
    case 'pending_approval':
      return and(isNull(tenders.outcome), eq(tenders.approvalStatus, 'pending'));
    case 'rejected':
      return and(isNull(tenders.outcome), eq(tenders.approvalStatus, 'rejected'));
    case 'published':
      return and(running, or(isNull(tenders.deadline), gt(tenders.deadline, now)));
    case 'bids_opened':
      return and(running, lte(tenders.deadline, now));
    default:
      return eq(tenders.outcome, state);
  }
}
