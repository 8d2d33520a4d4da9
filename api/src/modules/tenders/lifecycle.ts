import type { TenderState, TenderStateFilter } from '@bawaba/shared/contracts';
import { and, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
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
 * Bid opening needs nobody: it happens at the deadline (the proposals unseal). It is recorded as a real event of
 * the audit trail, by the system (no actor), dated at the deadline: by a sweep each process runs every minute, and
 * by the first write or history read that finds the deadline passed (`recordBidOpenings`), whichever comes first.
 * A unique index keeps one such event per tender however many processes record it at the same time.
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
  // Whatever this write does after the deadline comes after the bid opening in the audit trail.
  if (t.approvalStatus === 'approved' && t.deadline && t.deadline.getTime() <= Date.now())
    await recordBidOpenings(tx, id);
  return t;
}

/**
 * Records the bid opening of every approved tender whose deadline has passed (or of one tender), once: dated at
 * its deadline, by the system. A tender cancelled before its deadline never opened its bids. Safe to run from any
 * number of processes at once (the unique index `tender_events_bids_opened_uq` drops the duplicates). Returns how
 * many openings this call recorded.
 */
export async function recordBidOpenings(db: Db | Tx, tenderId?: number, now = new Date()): Promise<number> {
  const one = tenderId === undefined ? sql`` : sql`and t.id = ${tenderId}`;
  const r = await db.execute(sql`
    insert into tender_events (tender_id, actor_id, action, from_state, to_state, details, created_at)
    select t.id, null, 'bids_opened', 'published', 'bids_opened', '{}'::jsonb, t.deadline
      from tenders t
     where t.approval_status = 'approved' and t.deadline <= ${now.toISOString()}::timestamptz
       and (t.outcome is null or t.outcome_at >= t.deadline) ${one}
       and not exists (select 1 from tender_events e where e.tender_id = t.id and e.action = 'bids_opened')
    on conflict do nothing
    returning 1`);
  return r.rows.length;
}

/** Records bid openings now and every `intervalMs` (each process; see `recordBidOpenings`). */
export function sweepBidOpenings(db: Db, intervalMs = 60_000): { stop: () => void } {
  const sweep = () => recordBidOpenings(db).catch(() => undefined);
  void sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
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

/** The state a list shows when the caller asks for none: the market lists what one can still act on. */
export const DEFAULT_LIST_STATE = { market: 'published', mine: 'all', all: 'all' } as const satisfies Record<
  string,
  TenderStateFilter
>;

/**
 * The SQL condition of "in this state now" (the list filter), mirroring `tenderState`; `ended` = any outcome,
 * `all` = no condition.
 */
export function stateCondition(state: TenderStateFilter, now = new Date()): SQL | undefined {
  const running = and(isNull(tenders.outcome), eq(tenders.approvalStatus, 'approved'));
  switch (state) {
    case 'all':
      return undefined;
    case 'ended':
      return inArray(tenders.outcome, [...ENDED]);
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
