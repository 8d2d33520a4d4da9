import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderEvents, tenders } from '../src/db/schema.ts';
import { lockTender, recordBidOpenings } from '../src/modules/tenders/lifecycle.ts';
import { publishedTender, seededTenders } from './fixtures.ts';
import { makeApp, type TestApp } from './helpers.ts';

/**
 * Every API process sweeps the bid openings, and every write or history read of a tender past its deadline records
 * its opening too: on PostgreSQL these run truly at the same time, over the same tenders, while writes move the
 * tender rows. None of them may fail (a deadlock aborts one), and each opening is recorded exactly once.
 */
let app: TestApp;
let ids: number[];
const TENDERS = 8;
const SWEEPS = 16;
const ROUNDS = 4;

beforeAll(async () => {
  app = await makeApp();
  const { owner, admin } = await seededTenders(app);
  ids = [];
  for (let i = 0; i < TENDERS; i++) ids.push(await publishedTender(app, { owner, admin }));
});
afterAll(async () => {
  await app.cleanup();
});

describe('bid openings recorded by many processes at once', () => {
  it('never fail and record each opening exactly once, at its deadline', async () => {
    const db = app.ctx.database.db;
    for (let round = 0; round < ROUNDS; round++) {
      // The deadlines pass (each tender its own), and no opening is recorded yet.
      await db
        .delete(tenderEvents)
        .where(and(inArray(tenderEvents.tenderId, ids), eq(tenderEvents.action, 'bids_opened')));
      await db
        .update(tenders)
        .set({ deadline: sql`now() - make_interval(secs => ${tenders.id} % 7 + 1)` })
        .where(inArray(tenders.id, ids));

      // A write of each tender (it locks the row, records the opening, changes the row) and a history read of
      // each, racing the sweeps of every process.
      const write = (id: number) =>
        db.transaction(async (tx) => {
          await lockTender(tx, id);
          await tx.update(tenders).set({ updatedAt: new Date() }).where(eq(tenders.id, id));
        });
      const racers = Array.from({ length: SWEEPS }, (_, i) => {
        const id = ids[i % TENDERS]!;
        return [() => recordBidOpenings(db), i < TENDERS ? () => recordBidOpenings(db, id) : () => write(id)];
      }).flat();
      const results = await Promise.allSettled(racers.map((run) => run()));
      const failures = results.flatMap((r) =>
        r.status === 'rejected' ? [String(r.reason?.cause ?? r.reason)] : [],
      );
      expect(failures, `round ${round}`).toEqual([]);

      const rows = await db
        .select({ tenderId: tenderEvents.tenderId, at: tenderEvents.createdAt, deadline: tenders.deadline })
        .from(tenderEvents)
        .innerJoin(tenders, eq(tenders.id, tenderEvents.tenderId))
        .where(and(inArray(tenderEvents.tenderId, ids), eq(tenderEvents.action, 'bids_opened')));
      expect(rows.map((r) => r.tenderId).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      for (const r of rows) expect(r.at.toISOString()).toBe(r.deadline!.toISOString());
    }
  });
});
