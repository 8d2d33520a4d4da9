/**
 * Open data (docs/decisions/0017-open-data.md): each public event of a tender makes one new OCDS release with its
 * tag, and nothing is appended when nothing public changed; both language versions are published; what a visitor
 * may not see — a proposal's content and price, evaluators' and buyers' private texts, objections, members' emails,
 * tenders that are not public — appears in no endpoint (package, record, feed, bulk file). Every JSON answer is
 * checked against its contract (shared/src/contracts/open-data.ts) by the test app itself.
 */
import { gunzipSync } from 'node:zlib';
import { OcdsRecordPackage, type OcdsRelease, OcdsReleasePackage } from '@bawaba/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, ocdsPending, ocdsReleases, tenders } from '../src/db/schema.ts';
import { drainOpenData } from '../src/modules/open-data/index.ts';
import { recordBidOpenings } from '../src/modules/tenders/lifecycle.ts';
import { finaliseDueAwards } from '../src/modules/tenders/standstill.ts';
import { twoMilestoneContract } from './contract-fixtures.ts';
import { DAY, proposalBody, tenderBody, tenderParties } from './fixtures.ts';
import { call, makeApp, type TestApp } from './helpers.ts';

let app: TestApp;
let p: Awaited<ReturnType<typeof tenderParties>>;
const attachments = new Map<string, string>();

beforeAll(async () => {
  app = await makeApp();
  p = await tenderParties(app, attachments);
});
afterAll(async () => {
  await app.cleanup();
});

const get = (url: string, headers?: Record<string, string>) =>
  call(app, 'GET', url, headers ? { headers } : {});

/** The tender's release package once everything queued is published (checked against the contract). */
async function releases(id: number): Promise<OcdsRelease[]> {
  await drainOpenData(app.ctx);
  const r = await get(`/ocds/tenders/${id}/releases`);
  expect(r.status).toBe(200);
  expect(v.safeParse(OcdsReleasePackage, r.body).issues).toBeUndefined();
  return r.body.releases;
}
const newest = async (id: number) => (await releases(id)).at(-1)!;

/** Every byte the open-data endpoints serve: the feed read to its end, every bulk file, and these tenders' answers. */
async function everything(ids: number[]): Promise<string> {
  await drainOpenData(app.ctx);
  const parts: string[] = [];
  let next = '/ocds/releases?after=0&limit=1000';
  for (;;) {
    const page = await get(next.replace(/^.*\/api\/v1/, ''));
    if (page.status === 204) break;
    expect(page.status).toBe(200);
    parts.push(page.res.body);
    next = page.body.links.next;
  }
  for (const m of (await get('/ocds/bulk')).body.months as { url: string }[]) {
    const file = await app.inject({ method: 'GET', url: m.url.replace(/^.*(\/api\/v1)/, '$1') });
    parts.push(gunzipSync(file.rawPayload).toString());
  }
  for (const id of ids) {
    parts.push((await get(`/ocds/tenders/${id}/releases`)).res.body);
    parts.push((await get(`/ocds/tenders/${id}/record`)).res.body);
  }
  return parts.join('\n');
}

async function createTender(patch: Record<string, unknown> = {}) {
  const created = await call(app, 'POST', '/tenders', { token: p.owner, payload: tenderBody(patch) });
  expect(created.status).toBe(201);
  return created.body.data.id as number;
}
async function approve(id: number) {
  expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: p.owner })).status).toBe(200);
  expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: p.admin })).status).toBe(200);
}
const pastDeadline = async (id: number) => {
  await app.ctx.database.db
    .update(tenders)
    .set({ deadline: new Date(Date.now() - DAY) })
    .where(eq(tenders.id, id));
  await recordBidOpenings(app.ctx.database.db, id);
};
const bid = async (token: string, id: number, price: number, patch: Record<string, unknown> = {}) => {
  const r = await call(app, 'POST', '/proposals', {
    token,
    payload: { ...proposalBody(id, attachments.get(token), { price }), ...patch },
  });
  expect(r.status).toBe(201);
  return r.body.data.proposal.id as number;
};

/** A proposal whose every text carries a unique token, in English and Arabic, and a unique price. */
const SEALED = {
  title: 'SEALTITLE7Q sealed offer عرضمختوم1',
  description: 'SEALDESC7Q plan خطةمختومة2',
  price: 287_654.32,
  milestone: 'SEALMILE7Q works أعمالمختومة3',
};
const sealedTokens = [
  'SEALTITLE7Q',
  'عرضمختوم1',
  'SEALDESC7Q',
  'خطةمختومة2',
  'SEALMILE7Q',
  'أعمالمختومة3',
  '287654.32',
];

describe('open data releases', () => {
  it('a tender that is not public has no package, no record and no release in the feed or the bulk files', async () => {
    const id = await createTender({ titleEn: 'DRAFTONLY9 fit-out' });
    await drainOpenData(app.ctx);
    expect((await get(`/ocds/tenders/${id}/releases`)).body.code).toBe('TENDER_NOT_FOUND');
    expect((await get(`/ocds/tenders/${id}/record`)).status).toBe(404);
    expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: p.owner })).status).toBe(200);
    await drainOpenData(app.ctx);
    // Pending approval: still nothing.
    expect((await get(`/ocds/tenders/${id}/releases`)).status).toBe(404);
    expect(await everything([])).not.toContain('DRAFTONLY9');
  });

  it('publishes each public event once, with its tag, both languages, and never a sealed proposal', async () => {
    const id = await createTender({
      title: undefined,
      titleEn: 'Office fit-out',
      titleAr: 'تجهيز المكتب',
      description: undefined,
      descriptionEn: '<p>Fit-out <strong>works</strong> &amp; lighting</p>',
      descriptionAr: '<p>أعمال التجهيز</p>',
      budget: 500000,
      standstillDays: 3,
    });
    await approve(id);
    const first = await releases(id);
    expect(first.map((r) => r.tag)).toEqual([['tender']]);
    const r1 = first[0]!;
    expect(r1).toMatchObject({
      ocid: `ocds-bwb000-${id}`,
      id: `ocds-bwb000-${id}-1`,
      language: 'en',
      initiationType: 'tender',
      tender: {
        title: 'Office fit-out',
        title_ar: 'تجهيز المكتب',
        description: 'Fit-out works & lighting',
        description_ar: 'أعمال التجهيز',
        status: 'active',
        procurementMethod: 'open',
        value: { amount: 500000, currency: 'QAR' },
      },
    });
    // The buyer is masked for visitors (its company's name) and named by nobody else: an id without a name.
    expect(r1.buyer).toEqual({ id: expect.stringMatching(/^company-\d+$/) });
    expect(r1.parties?.[0]).toEqual({ id: r1.buyer!.id, roles: ['buyer', 'procuringEntity'] });
    expect(r1.bids).toBeUndefined();

    // Nothing public changed: nothing appended, however often the tender is queued.
    await app.ctx.database.db.execute(
      sql`insert into ocds_pending (tender_id) values (${id}) on conflict do nothing`,
    );
    expect(await releases(id)).toHaveLength(1);

    const amended = await call(app, 'POST', `/tenders/${id}/amendments`, {
      token: p.owner,
      payload: { reasonEn: 'More detail', reasonAr: 'تفاصيل أكثر', descriptionEn: 'Now with furniture' },
    });
    expect(amended.status).toBe(201);
    const r2 = await newest(id);
    expect(r2.tag).toEqual(['tenderAmendment']);
    expect(r2.tender.amendments).toEqual([
      expect.objectContaining({ id: '1', rationale: 'More detail', rationale_ar: 'تفاصيل أكثر' }),
    ]);
    expect(r2.tender.description).toBe('Now with furniture');

    // A question is published once answered, without its asker.
    const asked = await call(app, 'POST', `/tenders/${id}/clarifications`, {
      token: p.bidder,
      payload: { question: 'Is the furniture included?' },
    });
    expect(asked.status).toBe(201);
    expect(await releases(id)).toHaveLength(2);
    const answered = await call(app, 'POST', `/tenders/${id}/clarifications/${asked.body.data.id}/answer`, {
      token: p.owner,
      payload: { answer: 'Yes, all of it.' },
    });
    expect(answered.status).toBe(200);
    const r3 = await newest(id);
    expect(r3.tag).toEqual(['tenderUpdate']);
    expect(r3.tender).toMatchObject({
      hasEnquiries: true,
      enquiries: [{ description: 'Is the furniture included?', answer: 'Yes, all of it.' }],
    });
    // A question written in Arabic is its Arabic variant.
    const inArabic = await call(app, 'POST', `/tenders/${id}/clarifications`, {
      token: p.bidder,
      payload: { question: 'هل الأثاث مشمول؟' },
    });
    await call(app, 'POST', `/tenders/${id}/clarifications/${inArabic.body.data.id}/answer`, {
      token: p.owner,
      payload: { answer: 'نعم، كله.' },
    });
    const r3b = await newest(id);
    expect(r3b.tag).toEqual(['tenderUpdate']);
    expect(r3b.tender.enquiries?.[1]).toMatchObject({
      description_ar: 'هل الأثاث مشمول؟',
      answer_ar: 'نعم، كله.',
    });
    expect(r3b.tender.enquiries?.[1]).not.toHaveProperty('description');

    // Proposals: nothing is published while they are sealed.
    const body = proposalBody(id, attachments.get(p.bidder), { price: SEALED.price });
    body.title = SEALED.title;
    body.description = SEALED.description;
    body.milestones[0]!.title = SEALED.milestone;
    body.milestones[0]!.description = SEALED.milestone;
    const sealed = await call(app, 'POST', '/proposals', { token: p.bidder, payload: body });
    expect(sealed.status).toBe(201);
    const winning = await bid(p.other, id, 100000);
    expect(await releases(id)).toHaveLength(4);
    let served = await everything([id]);
    for (const token of sealedTokens) expect(served).not.toContain(token);

    // Bids opened: how many, never what.
    await pastDeadline(id);
    const r4 = await newest(id);
    expect(r4.tag).toEqual(['tenderUpdate']);
    expect(r4.bids?.statistics).toEqual([expect.objectContaining({ measure: 'bids', value: 2 })]);
    expect(r4.tender.numberOfTenderers).toBe(2);

    // The award decision: pending while the standstill runs, its winner not named yet.
    const awarded = await call(app, 'POST', `/tenders/${id}/award`, {
      token: p.owner,
      payload: { proposalId: winning, note: 'AWARDNOTE5K between us' },
    });
    expect(awarded.body.code ?? awarded.status).toBe(200);
    const r5 = await newest(id);
    expect(r5.tag).toEqual(['award']);
    expect(r5.awards).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(r5.awards![0]!.suppliers).toBeUndefined();
    expect(r5.awards![0]!.value).toBeUndefined();
    expect(JSON.stringify(r5)).not.toContain('100000');

    // Final: the awarded value and the supplier as a visitor's view names it, and the contract made of it.
    const ends = Date.parse(awarded.body.data.standstillEndsAt);
    expect(await finaliseDueAwards(app.ctx, id, new Date(ends + 1))).toBe(1);
    const r6 = await newest(id);
    expect(r6.tag).toEqual(expect.arrayContaining(['awardUpdate', 'contract']));
    const seen = (await get(`/tenders/${id}`)).body.data;
    const award = r6.awards![0]!;
    expect(award).toMatchObject({ status: 'active', value: { amount: 100000, currency: 'QAR' } });
    expect(award.suppliers).toHaveLength(1);
    expect(award.suppliers![0]!.name).toBe(seen.outcome.winner.name);
    expect(award.suppliers![0]!.name_ar).toBeTruthy();
    expect(r6.tender.status).toBe('complete');
    expect(r6.contracts).toEqual([expect.objectContaining({ awardID: award.id, status: 'pending' })]);

    // The contract accepted by both sides: signed.
    const contract = (await call(app, 'GET', '/contracts', { token: p.owner })).body.data.find(
      (c: { tender: { id: number } }) => c.tender.id === id,
    ).id as number;
    expect((await call(app, 'POST', `/contracts/${contract}/accept`, { token: p.owner })).status).toBe(200);
    expect((await call(app, 'POST', `/contracts/${contract}/accept`, { token: p.other })).status).toBe(200);
    const r7 = await newest(id);
    expect(r7.tag).toEqual(['contractUpdate']);
    expect(r7.contracts![0]).toMatchObject({ status: 'active', dateSigned: expect.any(String) });

    // A milestone accepted and paid: implementation.
    const ms = (await call(app, 'GET', `/contracts/${contract}`, { token: p.owner })).body.data.milestones[0]
      .id;
    const at = (what: string) => `/contracts/${contract}/milestones/${ms}/${what}`;
    expect(
      (await call(app, 'PUT', at('submission'), { token: p.other, payload: { note: 'Done', fileIds: [] } }))
        .status,
    ).toBe(200);
    expect((await call(app, 'POST', at('accept'), { token: p.owner })).status).toBe(200);
    // Its only milestone: the contract completes too (OCDS `terminated`, a contractUpdate — not a termination).
    expect((await newest(id)).tag).toEqual(['contractUpdate', 'implementation']);
    expect((await call(app, 'POST', at('payment'), { token: p.owner })).status).toBe(200);
    const r9 = await newest(id);
    expect(r9.tag).toContain('implementation');
    expect(r9.contracts![0]!.implementation?.transactions).toEqual([
      expect.objectContaining({ value: { amount: 100000, currency: 'QAR' } }),
    ]);

    // After the award too: never the sealed proposal's texts or price, never the award note, no emails.
    served = await everything([id]);
    for (const token of [...sealedTokens, 'AWARDNOTE5K', '@bawaba.qa', '@qatarbuild.qa']) {
      expect(served).not.toContain(token);
    }

    // The record: its releases linked, and the newest snapshot compiled.
    const record = await get(`/ocds/tenders/${id}/record`);
    expect(v.safeParse(OcdsRecordPackage, record.body).issues).toBeUndefined();
    const rec = record.body.records[0];
    expect(rec.releases).toHaveLength((await releases(id)).length);
    expect(rec.releases[0].url).toMatch(new RegExp(`/ocds/tenders/${id}/releases#ocds-bwb000-${id}-1$`));
    expect(rec.compiledRelease).toMatchObject({ id: `ocds-bwb000-${id}-compiled`, tag: ['compiled'] });
    expect(rec.compiledRelease.contracts).toEqual(r9.contracts);
  });

  it('a cancellation and a close without an award are published with their tags', async () => {
    const cancelled = await createTender({ participationFee: 250 });
    await approve(cancelled);
    const [first] = await releases(cancelled);
    expect(first!.tender.participationFees).toEqual([
      expect.objectContaining({ type: ['submission'], value: { amount: 250, currency: 'QAR' } }),
    ]);
    expect(
      (
        await call(app, 'POST', `/tenders/${cancelled}/cancel`, {
          token: p.owner,
          payload: { reason: 'No budget' },
        })
      ).status,
    ).toBe(200);
    const c = await newest(cancelled);
    expect(c.tag).toEqual(['tenderCancellation']);
    expect(c.tender.status).toBe('cancelled');

    const none = await createTender();
    await approve(none);
    await releases(none);
    await bid(p.other, none, 90000);
    await pastDeadline(none);
    expect((await newest(none)).tag).toEqual(['tenderUpdate']);
    expect(
      (
        await call(app, 'POST', `/tenders/${none}/no-award`, {
          token: p.owner,
          payload: { reason: 'Too dear' },
        })
      ).status,
    ).toBe(200);
    const n = await newest(none);
    expect(n.tag).toEqual(['tenderUpdate']);
    expect(n.tender.status).toBe('unsuccessful');
  });

  it('never publishes evaluation notes, objections or their answers; a withdrawn award is an awardUpdate', async () => {
    const id = await createTender({ standstillDays: 3 });
    await approve(id);
    await releases(id);
    const won = await bid(p.other, id, 100000);
    const lost = await bid(p.third, id, 200000);
    await pastDeadline(id);
    // The buyer's evaluation of a proposal, and its reason, are not public.
    const judged = await call(app, 'POST', `/tenders/${id}/proposals/${lost}/evaluation`, {
      token: p.owner,
      payload: { evaluation: 'not_responsive', reason: 'EVALNOTE8R missing licence' },
    });
    expect(judged.status).toBe(200);
    await releases(id);
    await call(app, 'POST', `/tenders/${id}/award`, { token: p.owner, payload: { proposalId: won } });
    expect((await newest(id)).tag).toEqual(['award']);
    const filed = await call(app, 'POST', `/tenders/${id}/objections`, {
      token: p.third,
      payload: { grounds: ['scoring_error'], statement: 'OBJECTTEXT3M lowest', remedy: 'OBJREMEDY3M redo' },
    });
    expect(filed.status).toBe(201);
    const upheld = await call(app, 'POST', `/tenders/${id}/objections/${filed.body.data.id}/answer`, {
      token: p.owner,
      payload: { outcome: 'upheld', reason: 'OBJANSWER3M error found' },
    });
    expect(upheld.status).toBe(200);
    const r = await newest(id);
    expect(r.tag).toEqual(['awardUpdate']);
    expect(r.awards).toEqual([expect.objectContaining({ status: 'cancelled' })]);
    const served = await everything([id]);
    for (const token of ['EVALNOTE8R', 'OBJECTTEXT3M', 'OBJREMEDY3M', 'OBJANSWER3M']) {
      expect(served).not.toContain(token);
    }
  });

  it('a terminated contract is a contractTermination, and its reason is not published', async () => {
    const { id: contract, tender } = await twoMilestoneContract(app, p, attachments);
    expect((await newest(tender)).contracts![0]!.status).toBe('active');
    const ended = await call(app, 'POST', `/contracts/${contract}/terminate`, {
      token: p.other,
      payload: { reason: 'TERMREASON4X cannot deliver' },
    });
    expect(ended.status).toBe(200);
    const r = await newest(tender);
    expect(r.tag).toEqual(['contractTermination']);
    expect(r.contracts![0]!.status).toBe('terminated');
    expect(await everything([tender])).not.toContain('TERMREASON4X');
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once a release is added', async () => {
    const id = await createTender();
    await approve(id);
    await drainOpenData(app.ctx);
    for (const url of [
      `/ocds/tenders/${id}/releases`,
      `/ocds/tenders/${id}/record`,
      '/ocds/releases',
      '/ocds/bulk',
    ]) {
      const first = await get(url);
      expect(first.status).toBe(200);
      expect(first.res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      const etag = String(first.res.headers.etag);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.res.body).toBe('');
    }
    const before = String((await get(`/ocds/tenders/${id}/releases`)).res.headers.etag);
    await call(app, 'POST', `/tenders/${id}/cancel`, {
      token: p.owner,
      payload: { reason: 'Changed plans' },
    });
    await drainOpenData(app.ctx);
    const after = await get(`/ocds/tenders/${id}/releases`, { 'if-none-match': before });
    expect(after.status).toBe(200);
    expect(after.res.headers.etag).not.toBe(before);
  });

  it('the feed pages are stable while releases are published between them: none skipped, none twice', async () => {
    await drainOpenData(app.ctx);
    const seen: string[] = [];
    let next = '/ocds/releases?after=0&limit=3';
    let added = 0;
    for (;;) {
      const page = await get(next.replace(/^.*\/api\/v1/, ''));
      if (page.status === 204) break;
      expect(page.status).toBe(200);
      seen.push(...(page.body.releases as OcdsRelease[]).map((r) => r.id));
      next = page.body.links.next;
      // A new release is published between two pages (twice).
      if (added < 2) {
        await approve(await createTender());
        await drainOpenData(app.ctx);
        added++;
      }
    }
    const all = await app.ctx.database.db
      .select({ id: ocdsReleases.releaseId })
      .from(ocdsReleases)
      .orderBy(ocdsReleases.seq);
    expect(seen).toEqual(all.map((r) => r.id));
    // Caught up: the last link answers 204 (no package) until something new is published, then exactly that.
    const caughtUp = next.replace(/^.*\/api\/v1/, '');
    expect((await get(caughtUp)).status).toBe(204);
    await approve(await createTender());
    await drainOpenData(app.ctx);
    const resumed = await get(caughtUp);
    expect(resumed.status).toBe(200);
    expect((resumed.body.releases as OcdsRelease[]).map((r) => r.id)).toEqual(
      (
        await app.ctx.database.db
          .select({ id: ocdsReleases.releaseId })
          .from(ocdsReleases)
          .orderBy(ocdsReleases.seq)
      )
        .slice(all.length)
        .map((r) => r.id),
    );
    expect((await get('/ocds/releases?limit=1001')).status).toBe(422);
  });

  it("the month's bulk file gunzips to a release package of every release published that month", async () => {
    await drainOpenData(app.ctx);
    const list = await get('/ocds/bulk');
    const month = new Date().toISOString().slice(0, 7);
    const entry = (list.body.months as { month: string; releases: number; url: string }[]).find(
      (m) => m.month === month,
    )!;
    expect(entry.url).toMatch(new RegExp(`/api/v1/ocds/bulk/${month}\\.json\\.gz$`));
    const file = await app.inject({ method: 'GET', url: `/api/v1/ocds/bulk/${month}.json.gz` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    const pkg = JSON.parse(gunzipSync(file.rawPayload).toString());
    expect(v.safeParse(OcdsReleasePackage, pkg).issues).toBeUndefined();
    const all = await app.ctx.database.db
      .select({ id: ocdsReleases.releaseId })
      .from(ocdsReleases)
      .orderBy(ocdsReleases.seq);
    expect(pkg.releases.map((r: OcdsRelease) => r.id)).toEqual(all.map((r) => r.id));
    expect(entry.releases).toBe(all.length);
    expect((await get('/ocds/bulk/1999-01.json.gz')).status).toBe(404);
    expect((await get('/ocds/bulk/1999-13.json.gz')).status).toBe(422);
  });
});

describe('a tender that fails to publish', () => {
  it('stays queued without holding up the others, and is published once it can be', async () => {
    const stuck = await createTender();
    await approve(stuck);
    const other = await createTender();
    await approve(other);
    const parked = await createTender();
    await approve(parked);
    await drainOpenData(app.ctx);
    const db = app.ctx.database.db;
    // A row that takes the stuck tender's next release id (filed under another tender): its next append fails.
    const [blocker] = await db
      .insert(ocdsReleases)
      .values({
        ocid: 'x',
        releaseId: `ocds-bwb000-${stuck}-2`,
        tenderId: parked,
        tags: ['tender'],
        release: {},
        digest: 'x',
      })
      .returning({ seq: ocdsReleases.seq });
    for (const id of [stuck, other]) {
      await call(app, 'POST', `/tenders/${id}/cancel`, { token: p.owner, payload: { reason: 'Not needed' } });
    }
    await drainOpenData(app.ctx);
    const queued = await db.select({ id: ocdsPending.tenderId }).from(ocdsPending);
    expect(queued.map((q) => q.id)).toEqual([stuck]);
    expect((await newest(other)).tag).toEqual(['tenderCancellation']);
    await db.delete(ocdsReleases).where(eq(ocdsReleases.seq, blocker!.seq));
    expect((await newest(stuck)).tag).toEqual(['tenderCancellation']);
    expect(await db.select().from(ocdsPending)).toEqual([]);
  });
});

describe('catch-up', () => {
  it('publishes the seeded public tenders at start-up, and no tender that is not public', async () => {
    await drainOpenData(app.ctx);
    const published = await app.ctx.database.db
      .selectDistinct({ id: ocdsReleases.tenderId })
      .from(ocdsReleases);
    const rows = await app.ctx.database.db.select().from(tenders);
    const isPublicRow = (t: (typeof rows)[number]) => t.isPublished && t.approvalStatus === 'approved';
    const ids = new Set(published.map((r) => r.id));
    for (const t of rows) expect(ids.has(t.id)).toBe(isPublicRow(t));
    expect(rows.some((t) => !isPublicRow(t))).toBe(true);
  });
});
