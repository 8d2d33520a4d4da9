/**
 * The API process killed with SIGKILL in the middle of a burst of proposal submissions: after a restart on the
 * same data (PGlite folder, or the same PostgreSQL database when DATABASE_URL is set), every submission that
 * got a 201 is there, and nothing is half-written (a proposal always has its version with all milestones and
 * documents, its payment when a fee is due, and the owner's notification).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { isBiddable, ownTendersAt } from './fixtures.ts';
import { SAMPLE_PDF } from './helpers.ts';
import { type ApiSite, apiSite, loginAt, registerAt, req, uploadAt } from './process-helpers.ts';

const DAY = 86_400_000;
const BIDDERS = 10;

let site: ApiSite;
beforeAll(async () => {
  site = await apiSite();
  await site.start();
  // The first start seeds the demo data: slow on a loaded 2-core machine.
}, 240_000);
afterAll(async () => {
  await site?.cleanup();
}, 120_000);

type Bidder = { email: string; token: string; id: number; attachment: string; document: string };
type Submission = { bidder: Bidder; tender: number; title: string; milestones: number };

const body = (s: Submission) => ({
  tender: s.tender,
  attachment: s.bidder.attachment,
  offer_price: 50_000,
  title: s.title,
  description: 'Durability burst',
  period: 60,
  currency: 'QAR',
  payment_terms: '30_days',
  milestones: Array.from({ length: s.milestones }, (_, i) => ({
    title: `Milestone ${i + 1}`,
    description: 'Step',
    amount: 1000 * (i + 1),
    period: 10,
    documents: i === 0 ? [s.bidder.document] : [],
    start_date: new Date(Date.now() + (10 + i) * DAY).toISOString(),
    end_date: new Date(Date.now() + (20 + i) * DAY).toISOString(),
    expected_completion_date: new Date(Date.now() + (20 + i) * DAY).toISOString(),
  })),
  breakdown: [{ name: 'Labour', description: '', quantity: 1, unitPrice: 50_000 }],
  submitted_by: s.bidder.id,
});

it('keeps every acknowledged proposal and no half-written one after a SIGKILL mid-burst', {
  timeout: 300_000,
}, async () => {
  const owner = await loginAt(site.url, 'owner@bawaba.qa');
  const open = (await ownTendersAt(site.url, owner)).filter(isBiddable);
  expect(open.length).toBeGreaterThanOrEqual(2);

  const bidders: Bidder[] = [];
  for (let i = 0; i < BIDDERS; i++) {
    const email = `burst${i}@durability.qa`;
    const token = await registerAt(site, `Burst bidder ${i}`, email);
    const me = await req<{ id: number }>(site.url, 'GET', '/users/me', { token });
    const attachment = await uploadAt(site.url, token, 'proposal-attachment', 'offer.pdf', SAMPLE_PDF);
    const document = await uploadAt(site.url, token, 'milestone-document', 'plan.pdf', SAMPLE_PDF);
    bidders.push({ email, token, id: me.data.id, attachment, document });
  }
  const submissions: Submission[] = bidders.flatMap((bidder, b) =>
    open.map((t, k) => ({
      bidder,
      tender: t.id,
      title: `Burst ${b}/${t.id}`,
      milestones: 1 + ((b + k) % 3),
    })),
  );

  // Fire everything at once; SIGKILL once a third has been acknowledged (the rest are in flight or queued).
  const acked: (Submission & { proposalId: number })[] = [];
  const killAt = Math.ceil(submissions.length / 3);
  let killed: Promise<void> | null = null;
  const outcomes = await Promise.all(
    submissions.map(async (s) => {
      try {
        const r = await req<{ proposal: { id: number } }>(site.url, 'POST', '/proposals', {
          token: s.bidder.token,
          body: body(s),
        });
        if (r.status === 201) {
          acked.push({ ...s, proposalId: r.data.proposal.id });
          if (acked.length >= killAt && !killed) killed = site.stop('SIGKILL');
          return 'ok';
        }
        return `HTTP ${r.status} ${JSON.stringify(r.body)}`;
      } catch {
        return 'connection lost';
      }
    }),
  );
  await killed;
  // Before the kill nothing may fail for another reason than the kill itself.
  expect(outcomes.filter((o) => o !== 'ok' && o !== 'connection lost')).toEqual([]);
  expect(acked.length).toBeGreaterThanOrEqual(killAt);
  expect(outcomes.filter((o) => o === 'connection lost').length).toBeGreaterThan(0);

  // Restart on the same data: the acknowledged proposals are served to their bidders.
  await site.start();
  for (const a of acked) {
    const r = await req<{ current: { title: string; milestones: unknown[] } }>(
      site.url,
      'GET',
      `/proposals/${a.proposalId}`,
      { token: await loginAt(site.url, a.bidder.email) },
    );
    expect(r.status, `proposal ${a.proposalId}`).toBe(200);
    expect(r.data.current.title).toBe(a.title);
    expect(r.data.current.milestones).toHaveLength(a.milestones);
  }
  await site.stop('SIGTERM');

  // And in the database itself: every proposal of the burst is whole, acknowledged or not.
  const database = await openDatabase({
    databaseUrl: site.databaseUrl,
    dataDir: site.databaseUrl ? null : `${site.dataDir}/pglite`,
  });
  try {
    const rows = (
      await database.db.execute(sql`
          select p.id, p.tender_id, p.bidder_id, p.amount_due, p.current_version,
                 (select count(*)::int from proposal_versions v where v.proposal_id = p.id) as versions,
                 (select v.title from proposal_versions v where v.proposal_id = p.id and v.version = 1) as title,
                 (select v.milestones from proposal_versions v where v.proposal_id = p.id and v.version = 1) as milestones,
                 (select count(*)::int from payments pay where pay.proposal_id = p.id) as payments
          from proposals p join users u on u.id = p.bidder_id
          where u.email like '%@durability.qa'`)
    ).rows as {
      id: number;
      tender_id: number;
      bidder_id: number;
      amount_due: string | number;
      current_version: number;
      versions: number;
      title: string | null;
      milestones: { documents: string[] }[] | null;
      payments: number;
    }[];
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    console.info(
      `durability (${site.kind}): ${submissions.length} submissions, ${acked.length} acknowledged before SIGKILL, ` +
        `${outcomes.filter((o) => o === 'connection lost').length} cut off, ${rows.length} in the database after restart`,
    );
    for (const a of acked) {
      const row = byId.get(a.proposalId);
      expect(row, `acknowledged proposal ${a.proposalId} is in the database`).toBeDefined();
      expect(row!.tender_id).toBe(a.tender);
      expect(row!.bidder_id).toBe(a.bidder.id);
      expect(row!.title).toBe(a.title);
    }
    for (const r of rows) {
      const s = submissions.find((x) => x.bidder.id === r.bidder_id && x.tender === r.tender_id)!;
      expect(r.versions, `proposal ${r.id} has its version`).toBe(1);
      expect(r.current_version).toBe(1);
      expect(r.milestones, `proposal ${r.id} has all its milestones`).toHaveLength(s.milestones);
      expect(r.milestones![0]!.documents).toEqual([s.bidder.document]);
      expect(r.payments, `proposal ${r.id} has its payment`).toBe(Number(r.amount_due) > 0 ? 1 : 0);
    }
    // The owner's notification was written in the same transaction as each proposal.
    const notes = (
      await database.db.execute(sql`
          select n.tender_id, count(*)::int as n from notifications n join users u on u.id = n.user_id
          where u.email = 'owner@bawaba.qa' and n.title = 'New proposal on your tender'
            and n.created_at >= (select min(created_at) from users where email like '%@durability.qa')
          group by n.tender_id`)
    ).rows as { tender_id: number; n: number }[];
    for (const t of open) {
      const proposalsOnTender = rows.filter((r) => r.tender_id === t.id).length;
      expect(notes.find((n) => n.tender_id === t.id)?.n ?? 0, `notifications on tender ${t.id}`).toBe(
        proposalsOnTender,
      );
    }
    // The uploaded files survived as well (written before the burst).
    const files = (
      await database.db.execute(sql`
          select count(*)::int as n from files f join users u on u.id = f.owner_id
          where u.email like '%@durability.qa'`)
    ).rows as { n: number }[];
    expect(files[0]!.n).toBe(BIDDERS * 2);
  } finally {
    await database.close();
  }
});
