/**
 * The open-data publisher against changes being written at the same time, on several connections. A change
 * committed between two of the statements that read a snapshot must not be published half made (a contract's
 * completion committed after the publisher read the contract and before it read its milestones), and a change that
 * holds the tender's row while the publisher writes a release must not deadlock with it. Only several connections
 * interleave like this, so this file runs on PostgreSQL (DATABASE_URL: the test command's PostgreSQL run); on
 * PGlite transactions take turns.
 */
import type { OcdsRelease } from '@bawaba/shared/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOpenData } from '../src/modules/open-data/index.ts';
import { twoMilestoneContract } from './contract-fixtures.ts';
import { tenderParties } from './fixtures.ts';
import { call, makeApp, type TestApp, untilALockIsAwaited } from './helpers.ts';

let app: TestApp;
let p: Awaited<ReturnType<typeof tenderParties>>;
const attachments = new Map<string, string>();

beforeAll(async () => {
  // The publisher's own timer stays out of the way: this test runs its rounds.
  app = await makeApp({ env: { ocds: { publishIntervalMs: 3_600_000 } } });
  p = await tenderParties(app, attachments);
});
afterAll(async () => {
  await app.cleanup();
});

async function releases(tender: number): Promise<OcdsRelease[]> {
  const r = await call(app, 'GET', `/ocds/tenders/${tender}/releases`);
  expect(r.status).toBe(200);
  return r.body.releases;
}

/** Queues the tender (or moves its queue time), as every change of a tender does in its own transaction. */
const queue = (client: pg.Client, tender: number) =>
  client.query(
    `insert into ocds_pending (tender_id, queued_at) values ($1, clock_timestamp())
     on conflict (tender_id) do update set queued_at = clock_timestamp()`,
    [tender],
  );

/** Two connections of the test's own to the app's database: a writer's transaction, and one to watch with. */
async function withConnections(use: (writer: pg.Client, watcher: pg.Client) => Promise<void>): Promise<void> {
  const writer = new pg.Client({ connectionString: app.ctx.config.databaseUrl });
  const watcher = new pg.Client({ connectionString: app.ctx.config.databaseUrl });
  await writer.connect();
  await watcher.connect();
  try {
    await use(writer, watcher);
  } finally {
    await writer.end();
    await watcher.end();
  }
}

describe('a release is never half of a change (PostgreSQL)', () => {
  it('leaves a tender changed while its snapshot was read queued, and publishes the whole change next', async () => {
    const { id: contract, ms, tender } = await twoMilestoneContract(app, p, attachments);
    await drainOpenData(app.ctx);
    const before = await releases(tender);
    expect(before.at(-1)!.contracts![0]!.status).toBe('active');

    // A change of the contract and its milestones in one transaction, as the last acceptance makes it; it holds the
    // milestones table so that the publisher reads the contract, then waits for the milestones until it commits.
    await withConnections(async (writer, watcher) => {
      // The tender queued by an earlier change, committed: the entry the publisher's round takes.
      await queue(watcher, tender);
      await writer.query('begin');
      await writer.query('lock table contract_milestones in access exclusive mode');
      await writer.query(
        `update contract_milestones set status = 'accepted', accepted_at = now() where id = any($1::int[])`,
        [ms],
      );
      await writer.query(
        `update contracts set status = 'completed', completed_at = now(), updated_at = now() where id = $1`,
        [contract],
      );
      await queue(writer, tender);
      const publishing = drainOpenData(app.ctx);
      await untilALockIsAwaited(watcher);
      await writer.query('commit');
      await publishing;
    });

    const added = (await releases(tender)).slice(before.length);
    // Without the rule, the first of these was the contract still active with its milestones met.
    expect(added).toHaveLength(1);
    expect(added[0]!.tag).toEqual(['contractUpdate', 'implementation']);
    expect(added[0]!.contracts![0]!.status).toBe('terminated');
    expect(added[0]!.contracts![0]!.milestones!.map((m) => m.status)).toEqual(['met', 'met']);
  });
});

describe('a change that holds the tender while the publisher writes (PostgreSQL)', () => {
  it('goes through, and so does the publisher: no deadlock', async () => {
    const { id: contract, tender } = await twoMilestoneContract(app, p, attachments);
    await drainOpenData(app.ctx);
    const before = await releases(tender);

    await withConnections(async (writer, watcher) => {
      // A public change committed and queued: the publisher's round will write a release for it.
      await watcher.query(
        `update contracts set status = 'completed', completed_at = now(), updated_at = now() where id = $1`,
        [contract],
      );
      await queue(watcher, tender);
      // A change as the tender's own actions write one: the tender's row first (its lock), the queue after.
      await writer.query('begin');
      await writer.query('select id from tenders where id = $1 for update', [tender]);
      const publishing = drainOpenData(app.ctx);
      // The release refers to the tender: writing it waits for the tender's row.
      await untilALockIsAwaited(watcher);
      await queue(writer, tender);
      await writer.query('commit');
      await publishing;
    });
    const added = (await releases(tender)).slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]!.tag).toEqual(['contractUpdate']);
    expect(added[0]!.contracts![0]!.status).toBe('terminated');
  });
});
