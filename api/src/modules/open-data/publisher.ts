import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { ocdsPending, ocdsReleases, tenders } from '../../db/schema.ts';
import { pollingWorker } from '../../lib/polling-worker.ts';
import { buildSnapshot, ocidOf, type Snapshot } from './build.ts';
import { lastRelease } from './queries.ts';
import { canonical, tagsFor } from './tags.ts';

/**
 * The open-data publisher (docs/decisions/0017-open-data.md): an outbox of tenders whose public snapshot may have
 * changed (`ocds_pending`, written in the change's own transaction by the bus subscribers below), and a worker in
 * every API process that turns them into releases. Only one process publishes at a time — the worker's
 * transaction takes a transaction-scoped advisory lock, and a worker that does not get it leaves the round to the
 * one that did — so releases are appended, and get their `seq`, in commit order: the change feed never skips one.
 */

/** The advisory lock of the open-data publisher (one constant for every process on a database). */
const PUBLISHER_LOCK = 7_301_017;
/** Tenders published per transaction. */
const BATCH = 25;

/** Queues a tender for the publisher, in the caller's transaction (a later change while queued moves its time). */
export async function queueTender(tx: Tx | Db, tenderId: number): Promise<void> {
  await tx
    .insert(ocdsPending)
    .values({ tenderId, queuedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({ target: ocdsPending.tenderId, set: { queuedAt: sql`clock_timestamp()` } });
}

/** Catch-up: every public tender without a release yet is queued (at start-up, after the demo seed). */
export async function queueUnpublished(db: Db): Promise<void> {
  await db.execute(sql`
    insert into ocds_pending (tender_id, queued_at)
    select t.id, clock_timestamp() from tenders t
    where t.is_published and t.approval_status = 'approved'
      and not exists (select 1 from ocds_releases r where r.tender_id = t.id)
    on conflict (tender_id) do nothing`);
}

const digestOf = (s: Snapshot) => createHash('sha256').update(canonical(s)).digest('hex');

/**
 * One round: under the publisher lock, up to BATCH queued tenders are published (a release appended where the
 * snapshot differs from the tender's last release) and taken off the queue — unless they were queued again
 * meanwhile (their time moved), so a change committed while the round ran is published by the next one.
 * Each tender in a savepoint: one that fails stays queued and logged, the others are published. Answers how many
 * tenders it handled, or null when another process holds the lock.
 */
async function round(ctx: Ctx): Promise<number | null> {
  return ctx.database.db.transaction(async (tx) => {
    const locked = (await tx.execute(sql`select pg_try_advisory_xact_lock(${PUBLISHER_LOCK}) as locked`))
      .rows[0] as { locked: boolean } | undefined;
    if (!locked?.locked) return null;
    // The queue time read exactly (microseconds, as text): a JavaScript Date would round it.
    const queued = await tx
      .select({ tenderId: ocdsPending.tenderId, stamp: sql<string>`${ocdsPending.queuedAt}::text` })
      .from(ocdsPending)
      .orderBy(asc(ocdsPending.queuedAt))
      .limit(BATCH);
    let done = 0;
    for (const q of queued) {
      try {
        // A savepoint each: a tender that fails to publish stays queued (and is logged) without holding up the rest.
        await tx.transaction(async (one) => {
          await publishTender(ctx, one, q.tenderId);
          const taken = await one
            .delete(ocdsPending)
            .where(
              and(
                eq(ocdsPending.tenderId, q.tenderId),
                sql`${ocdsPending.queuedAt} = ${q.stamp}::timestamptz`,
              ),
            )
            .returning({ tenderId: ocdsPending.tenderId });
          if (taken.length === 0) throw new QueuedAgain();
        });
        done++;
      } catch (err) {
        if (err instanceof QueuedAgain) done++;
        else console.error(`open data: tender ${q.tenderId} could not be published`, err);
      }
    }
    return done;
  });
}

/**
 * A tender queued again while its snapshot was read (its queue time moved). The snapshot is read by several
 * statements, each seeing what was committed when it ran (read committed): a change committed while they ran could
 * be half in it (a milestone accepted, its contract not yet completed). Every change queues its tender in its own
 * transaction, so such a change has moved the queue time: the release is undone with the tender's savepoint, the
 * tender stays queued, and the next round reads it whole. The queue entry is taken after the release is written, as
 * a writer takes its locks (the tender's row, then the queue): taken before, a writer holding the tender's row and
 * waiting for the entry would wait for the publisher while the publisher's release waited for the tender's row.
 */
class QueuedAgain extends Error {}

/** Appends the tender's current public snapshot as a release if it changed since its last one. */
async function publishTender(ctx: Ctx, tx: Tx, tenderId: number): Promise<void> {
  const [t] = await tx.select().from(tenders).where(eq(tenders.id, tenderId));
  if (!t) return;
  const built = await buildSnapshot(ctx, tx, t);
  if (!built) return;
  const digest = digestOf(built.release);
  const last = await lastRelease(tx, tenderId);
  if (last?.digest === digest) return;
  const prev = last ? (withoutHead(last.release) as Snapshot) : null;
  const tag = tagsFor(prev, built);
  const ocid = ocidOf(ctx, tenderId);
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(ocdsReleases)
    .where(eq(ocdsReleases.tenderId, tenderId));
  const id = `${ocid}-${n + 1}`;
  const date = new Date();
  const release = { ...built.release, id, date: date.toISOString(), tag };
  await tx.insert(ocdsReleases).values({
    ocid,
    releaseId: id,
    tenderId,
    publishedAt: date,
    tags: tag,
    release,
    digest,
  });
}

const withoutHead = (r: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'id' && k !== 'date' && k !== 'tag'));

/**
 * Publishes until nothing is queued, waiting for another process's round where it holds the lock (tests,
 * shutdown).
 */
export async function drainOpenData(ctx: Ctx): Promise<void> {
  for (;;) {
    const n = await round(ctx);
    if (n === 0) return;
    if (n === null) await new Promise((r) => setTimeout(r, 20));
  }
}

export type OpenDataPublisher = { drain(): Promise<void>; stop(): Promise<void> };

/**
 * The worker of this process: a round every `intervalMs` (and one at start), repeated while a round found a full
 * batch; `drain` publishes until nothing is queued, whichever process holds the lock.
 */
export function startPublisher(ctx: Ctx, intervalMs: number): OpenDataPublisher {
  const worker = pollingWorker('open data: publisher', intervalMs, async (stopped) => {
    for (;;) {
      const n = await round(ctx);
      if (stopped() || n === null || n < BATCH) return;
    }
  });
  worker.kick();
  return { drain: () => drainOpenData(ctx), stop: worker.stop };
}
