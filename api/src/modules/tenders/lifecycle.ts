import {
  type TenderAction,
  type TenderEventDetails,
  type TenderEventKind,
  TenderOutcomeStatus,
  type TenderState,
  type TenderStateFilter,
} from '@bawaba/shared/contracts';
import {
  ACTION_TRANSITIONS,
  type CallerFacts,
  type TenderTransition,
  TRANSITIONS,
  tenderRefusal,
  tenderState,
  transitionRefusal,
} from '@bawaba/shared/rules';
import {
  and,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { tenderEvents, tenders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { tenderBus } from './bus.ts';

/**
 * The tender state machine applied: the transitions and the rules of who may do what are the shared rulebook's
 * (shared/src/rules/tender-rules.ts, which the pages read through each tender's `can`); here they are enforced,
 * and each transition is written to the audit trail. A tender's state is derived from its row (approval,
 * outcome, deadline), so it can never disagree with the columns the other rules read.
 *
 * Bid opening needs nobody: it happens at the deadline (the proposals unseal). It is recorded as a real event of
 * the audit trail, by the system (no actor), dated at the deadline: by a sweep each process runs every minute, and
 * by the first write or history read that finds the deadline passed (`recordBidOpenings`), whichever comes first.
 * A unique index keeps one such event per tender however many processes record it at the same time.
 * Every write runs in a transaction that first locks the tender row (`lockTender`), then asks `allow` or
 * `refuseUnless` — so of two racing calls the second sees the first's outcome and is refused (409), and nothing
 * is half-written.
 */

type Row = typeof tenders.$inferSelect;

export { tenderState };

/** The transition `transition` makes from the tender's state now, or the refusal. */
export function allow(
  transition: TenderTransition,
  t: Row,
  now = Date.now(),
): { from: TenderState; to: TenderState } {
  const from = tenderState(t, now);
  const refusal = transitionRefusal(transition, from);
  if (refusal) throw new AppError(refusal);
  return { from, to: TRANSITIONS[transition].to ?? from };
}

/**
 * Refuses `action` with the rulebook's reason unless the caller may take it now: the same answer the tender's
 * `can` gave them.
 */
export function refuseUnless(action: TenderAction, t: Row, caller: CallerFacts, now = Date.now()): void {
  const refusal = tenderRefusal(action, t, caller, now);
  if (refusal) throw new AppError(refusal);
}

/** Whether the caller may take `action` now: what `refuseUnless` would let through (for a flag such as `canResubmit`). */
export function mayTake(action: TenderAction, t: Row, caller: CallerFacts, now = Date.now()): boolean {
  return tenderRefusal(action, t, caller, now) === null;
}

/** `refuseUnless`, then the move the action makes (for the audit trail). */
export function take(
  action: TenderAction,
  t: Row,
  caller: CallerFacts,
  now = Date.now(),
): { from: TenderState; to: TenderState } {
  refuseUnless(action, t, caller, now);
  const from = tenderState(t, now);
  const transition = ACTION_TRANSITIONS[action];
  return { from, to: (transition && TRANSITIONS[transition].to) ?? from };
}

/** The caller as the rulebook reads them: who they are, their interest in the tender and whether they bid. */
export const callerOf = (
  a: {
    user: { id: number; isAdmin: boolean };
    company: { id: number; roles: readonly string[] } | null;
  } | null,
  stake: {
    interest?: string | null;
    hasProposal?: boolean;
    wonAward?: boolean;
    objected?: boolean;
    bafoInvited?: boolean;
    panel?: CallerFacts['panel'];
    credentials?: readonly string[];
  } = {},
): CallerFacts => ({
  viewer: a
    ? {
        id: a.user.id,
        isAdmin: a.user.isAdmin,
        companyId: a.company?.id ?? null,
        roles: a.company?.roles ?? [],
      }
    : null,
  interest: stake.interest ?? null,
  hasProposal: stake.hasProposal ?? false,
  wonAward: stake.wonAward ?? false,
  objected: stake.objected ?? false,
  bafoInvited: stake.bafoInvited ?? false,
  panel: stake.panel ?? null,
  credentials: stake.credentials ?? [],
});

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
 * number of processes at once (the unique index `tender_events_bids_opened_uq` drops the duplicates) and beside the
 * writes of those tenders, without deadlocks: it takes each tender's key-share lock (the one the event's foreign key
 * needs) BEFORE writing its event, so it never holds an unfinished event a write (`lockTender`) waits for while
 * waiting for that write's tender lock; and it takes them in tender id order, so concurrent sweeps never wait for
 * each other in a cycle. Returns how many openings this call recorded.
 */
export async function recordBidOpenings(db: Db | Tx, tenderId?: number, now = new Date()): Promise<number> {
  const one = tenderId === undefined ? sql`` : sql`and t.id = ${tenderId}`;
  return db.transaction(async (tx) => {
    const r = await tx.execute<{ tender_id: number }>(sql`
      insert into tender_events (tender_id, actor_id, action, from_state, to_state, details, created_at)
      select due.id, null, 'bids_opened', 'published', 'bids_opened', '{}'::jsonb, due.deadline
        from (select t.id, t.deadline
                from tenders t
               where t.approval_status = 'approved' and t.deadline <= ${now.toISOString()}::timestamptz
                 and (t.outcome is null or t.outcome_at >= t.deadline) ${one}
                 and not exists (select 1 from tender_events e where e.tender_id = t.id and e.action = 'bids_opened')
               order by t.id
                 for key share of t) due
      on conflict do nothing
      returning tender_id`);
    for (const row of r.rows)
      await tenderBus.publish('tenderRecorded', {
        tx,
        tenderId: Number(row.tender_id),
        action: 'bids_opened',
        details: {},
      });
    return r.rows.length;
  });
}

/** Records bid openings now and every `intervalMs` (each process; see `recordBidOpenings`). */
export function sweepBidOpenings(db: Db, intervalMs = 60_000): { stop: () => void } {
  const sweep = () => recordBidOpenings(db).catch(() => undefined);
  void sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Who acts: a person, and the company their session acts for (none: themselves or an administrator). */
export type By = { user: { id: number }; company: { id: number } | null };

/**
 * One line of the audit trail, of one of its kinds with that kind's details, in the transaction that made the change:
 * who acted and the company their session acted for (none for a person acting as themselves or an administrator;
 * `by` null: the system, as when a standstill ends).
 */
export async function record<K extends TenderEventKind>(
  tx: Tx,
  tenderId: number,
  by: By | null,
  action: K,
  move: { from: TenderState; to: TenderState },
  ...[details]: keyof TenderEventDetails<K> extends never ? [] : [TenderEventDetails<K>]
) {
  await tx.insert(tenderEvents).values({
    tenderId,
    actorId: by?.user.id ?? null,
    companyId: by?.company?.id ?? null,
    action,
    fromState: move.from,
    toState: move.to,
    details: details ?? {},
  });
  await tenderBus.publish('tenderRecorded', { tx, tenderId, action, details: details ?? {} });
}

/** The state a list shows when the caller asks for none: the market lists what one can still act on. */
export const DEFAULT_LIST_STATE = { market: 'published', mine: 'all', all: 'all' } as const satisfies Record<
  string,
  TenderStateFilter
>;

/** Whether the tenders "in this state now" change by the clock alone (a deadline passing), not only by writes. */
export const clockMoves = (state: TenderStateFilter): boolean =>
  state === 'published' || state === 'bids_opened';

/**
 * The SQL condition of "in this state now" (the list filter), mirroring `tenderState`; `ended` = any outcome,
 * `all` = no condition. `now`: the time, or a statement's placeholder bound to it (src/lib/statements.ts).
 */
export function stateCondition(
  state: TenderStateFilter,
  now: Date | Placeholder = new Date(),
): SQL | undefined {
  const running = and(isNull(tenders.outcome), eq(tenders.approvalStatus, 'approved'));
  switch (state) {
    case 'all':
      return undefined;
    case 'ended':
      return inArray(tenders.outcome, [...TenderOutcomeStatus.options]);
    case 'draft':
      return and(isNull(tenders.outcome), eq(tenders.approvalStatus, 'draft'));
    case 'pending_approval':
      return and(isNull(tenders.outcome), eq(tenders.approvalStatus, 'pending'));
    case 'rejected':
      return and(isNull(tenders.outcome), eq(tenders.approvalStatus, 'rejected'));
    case 'published':
      return and(running, or(isNull(tenders.deadline), gt(tenders.deadline, now)));
    case 'bids_opened':
      return and(running, lte(tenders.deadline, now), isNull(tenders.standstillEndsAt));
    case 'standstill':
      return and(running, isNotNull(tenders.standstillEndsAt));
    default:
      return eq(tenders.outcome, state);
  }
}
