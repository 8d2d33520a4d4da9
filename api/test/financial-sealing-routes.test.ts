/**
 * The financial part of a two-envelope tender's proposals is unreadable to everyone but each proposal's bidding
 * side — the tender's owner, another buyer member, an evaluator, an admin and the other bidders included — in every
 * answer of the API, the comparison CSV, the price documents' downloads, the live stream, the notifications and the
 * mails, until the technical stage is locked; then it opens for the proposals that passed, and never for one that
 * did not. Every route of the contract (shared/src/contracts/routes) is walked, as in authz-matrix.test.ts, with
 * its path filled with the tender's, the proposals' and the files' ids.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteSpec } from '@bawaba/shared/routes';
import * as contract from '@bawaba/shared/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, proposals, tenders } from '../src/db/schema.ts';
import { proposalBody, publishedTender } from './fixtures.ts';
import {
  ADMIN,
  BIDDER,
  call,
  login,
  makeApp,
  newMember,
  OTHER,
  OWNER,
  ROOMY_LIMITS,
  SAMPLE_PDF,
  type TestApp,
  upload,
} from './helpers.ts';

/** A bid's distinctive financial values: its price (in every form a text may print it) and its texts. */
type Marked = { price: number; forms: string[]; line: string; doc: string };
const mark = (price: number, forms: string[], tag: string): Marked => ({
  price,
  forms,
  line: `SEALED-MARKER-${tag}`,
  doc: `SEALED-DOC-${tag}`,
});
/** A passes the technical stage, B does not, C passes. */
const A = mark(987654.32, ['987654', '987,654', '٩٨٧٬٦٥٤', '٩٨٧٦٥٤'], 'A');
const B = mark(876543.21, ['876543', '876,543', '٨٧٦٬٥٤٣', '٨٧٦٥٤٣'], 'B');
const C = mark(765432.19, ['765432', '765,432', '٧٦٥٬٤٣٢', '٧٦٥٤٣٢'], 'C');
const markers = (m: Marked) => [...m.forms, m.line, m.doc];

type Caller = { name: string; token: string; language: 'en' | 'ar' };

let app: TestApp;
let base: string;
let tenderId: number;
/** Each bid's proposal, price document and attachment, and its bidder's session. */
const bids = new Map<Marked, { proposal: number; priceDoc: string; attachment: string; token: string }>();
/** The buyer side, an admin, and a bidder who does not bid (they only read). */
const readers: Caller[] = [];

const routes = (Object.values(contract) as unknown[]).filter(
  (entry): entry is RouteSpec => typeof entry === 'object' && entry !== null && 'access' in entry,
);

/** Whether a response schema can carry a proposal's financial part (a version or a comparison row). */
function carriesPrices(schema: unknown, seen = new Set<unknown>()): boolean {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return false;
  seen.add(schema);
  const s = schema as Record<string, unknown>;
  const entries = s.entries as Record<string, unknown> | undefined;
  if (entries && ('offer_price' in entries || 'offerPrice' in entries)) return true;
  const inner = [
    s.entries ? Object.values(entries!) : [],
    s.item,
    s.wrapped,
    s.options,
    s.value,
    s.items,
    s.pipe,
  ]
    .flat()
    .filter(Boolean);
  return inner.some((x) => carriesPrices(x, seen));
}

/** The URLs a route is called at: each path parameter filled with every id it may name here. */
function urlsOf(r: RouteSpec): string[] {
  const proposalIds = [...bids.values()].map((b) => String(b.proposal));
  const fileIds = [...bids.values()].flatMap((b) => [b.priceDoc, b.attachment]);
  const idsFor = (param: string): string[] => {
    if (param === 'proposalId') return proposalIds;
    if (param !== 'id') return [String(tenderId)];
    if (r.path.startsWith('/proposals')) return proposalIds;
    if (r.path.startsWith('/files')) return fileIds;
    return [String(tenderId)];
  };
  let urls = [r.path];
  for (const [, param] of r.path.matchAll(/:(\w+)/g)) {
    urls = urls.flatMap((u) => idsFor(param!).map((id) => u.replace(`:${param}`, id)));
  }
  // The comparison (and its CSV) once per sort key and order: nothing may be ordered by a sealed price.
  if (r.path.includes('/comparison')) {
    urls = urls.flatMap((u) =>
      ['offerPrice', 'milestoneTotal', 'period'].flatMap((sort) =>
        ['asc', 'desc'].map((order) => `${u}?sort=${sort}&order=${order}`),
      ),
    );
  }
  return urls;
}

/** Every answer `who` gets from the API's routes, as text (JSON, CSV or a file's bytes), with where it came from. */
async function everyAnswer(who: Caller): Promise<{ where: string; text: string }[]> {
  const out: { where: string; text: string }[] = [];
  for (const r of routes) {
    if (r.produces === 'text/event-stream') continue; // read live below (streamText)
    // A write's answer is read when its schema can carry a version: the writes that cannot do not name prices.
    if (r.method !== 'GET' && !carriesPrices(r.response)) continue;
    for (const url of urlsOf(r)) {
      const res = await app.inject({
        method: r.method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${who.token}`, 'accept-language': who.language },
        ...(r.method === 'GET' ? {} : { payload: {} }),
      });
      out.push({ where: `${r.method} ${url} (${res.statusCode})`, text: res.body });
    }
  }
  return out;
}

/** What the live stream replays to `who` from their first notification, up to its first heartbeat. */
async function streamText(who: Caller): Promise<string> {
  const ctl = new AbortController();
  const res = await fetch(`${base}/notification/subscribe?lastEventId=0`, {
    headers: { authorization: `Bearer ${who.token}`, 'accept-language': who.language },
    signal: ctl.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let text = '';
  // The replay comes first; a heartbeat (`: ping`) after it means everything replayed was sent.
  while (!text.includes(': ping')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += dec.decode(value, { stream: true });
  }
  ctl.abort();
  return text;
}

/** The mails written for `who`'s address (the outbox table and the delivered files). */
async function mailsTo(email: string): Promise<string> {
  const rows = await app.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const dir = join(app.ctx.config.dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'));
  } catch {
    files = [];
  }
  return [
    ...rows.map((m) => `${m.subject}\n${m.text}\n${m.html}`),
    ...files.filter((f) => (JSON.parse(f) as { to: string }).to === email),
  ].join('\n');
}

/** Where any of `ms` appears in what `who` reads; an empty list when none does. */
async function leaks(who: Caller & { email: string }, ms: Marked[]): Promise<string[]> {
  const sources = [
    ...(await everyAnswer(who)),
    { where: 'the live stream', text: await streamText(who) },
    { where: 'their mails', text: await mailsTo(who.email) },
  ];
  return sources.flatMap(({ where, text }) =>
    ms.flatMap(markers).flatMap((m) => (text.includes(m) ? [`${m} in ${where}`] : [])),
  );
}

const emails = new Map<Caller, string>();
const withEmail = (c: Caller) => ({ ...c, email: emails.get(c)! });

beforeAll(async () => {
  app = await makeApp({ env: { sseHeartbeatMs: 200, rateLimits: ROOMY_LIMITS } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/v1`;
  const [owner, colleague, admin, a, b, c, onlooker] = await Promise.all([
    login(app, OWNER),
    login(app, 'buyer@bawaba.qa'),
    login(app, ADMIN),
    login(app, BIDDER),
    login(app, OTHER),
    login(app, 'omar@gulfstar.qa'),
    login(app, 'fatima@pearl-tech.qa'),
  ]);
  // An evaluator: a member of the tender's company, appointed to its panel below.
  const evaluator = await newMember(app, owner, 'sealing-evaluator@x.qa', ['buyer'], 'ar');
  const callers: [Caller, string][] = [
    [{ name: 'owner', token: owner, language: 'en' }, OWNER],
    [{ name: 'buyer colleague', token: colleague, language: 'ar' }, 'buyer@bawaba.qa'],
    [{ name: 'evaluator', token: evaluator, language: 'ar' }, 'sealing-evaluator@x.qa'],
    [{ name: 'admin', token: admin, language: 'en' }, ADMIN],
    [{ name: 'a bidder who did not bid', token: onlooker, language: 'en' }, 'fatima@pearl-tech.qa'],
  ];
  for (const [caller, email] of callers) {
    readers.push(caller);
    emails.set(caller, email);
  }

  tenderId = await publishedTender(
    app,
    { owner, admin },
    { evaluation: { method: 'lowest_price', envelopes: 2 } },
  );
  for (const [m, token] of [
    [A, a],
    [B, b],
    [C, c],
  ] as const) {
    const attachment = (await upload(app, token, 'proposal-attachment', 'offer.pdf', SAMPLE_PDF)).body.data
      .id;
    const doc = Buffer.concat([SAMPLE_PDF, Buffer.from(`\n%${m.doc}\n`)]);
    const priceDoc = (await upload(app, token, 'price-document', 'prices.pdf', doc)).body.data.id;
    const body = proposalBody(tenderId, attachment, { price: m.price });
    const sent = await call(app, 'POST', '/proposals', {
      token,
      payload: {
        ...body,
        breakdown: [{ name: m.line, description: m.line, quantity: 1, unitPrice: m.price }],
        priceDocuments: [priceDoc],
      },
    });
    expect(sent.status, sent.res.body).toBe(201);
    bids.set(m, { proposal: sent.body.data.proposal.id, priceDoc, attachment, token });
  }
  // The deadline passes: the proposals open, their financial parts stay sealed.
  await app.ctx.database.db
    .update(tenders)
    .set({ deadline: new Date(Date.now() - 1000) })
    .where(eq(tenders.id, tenderId));
  // The evaluator is on the tender's panel (its chair) and has signed the declaration: they read the proposals as
  // an evaluator does (docs/decisions/0014-evaluation-panel.md).
  const evaluatorId = (await call(app, 'GET', '/users/me', { token: evaluator })).body.data.id;
  const appointed = await call(app, 'PUT', `/tenders/${tenderId}/panel`, {
    token: owner,
    payload: { evaluatorIds: [evaluatorId], chairId: evaluatorId },
  });
  expect(appointed.status, appointed.res.body).toBe(200);
  const signed = await call(app, 'POST', `/tenders/${tenderId}/panel/declaration`, {
    token: evaluator,
    payload: { decision: 'sign' },
  });
  expect(signed.status, signed.res.body).toBe(200);
}, 300_000);

afterAll(async () => {
  await app.cleanup();
});

/**
 * The technical stage is locked through its route: B is marked not responsive, then the buyer side locks (lowest
 * price in two envelopes: no panel; a proposal passes unless marked not responsive), so A and C pass and B does not.
 */
async function lock() {
  const owner = readers[0]!;
  const marked = await call(
    app,
    'POST',
    `/tenders/${tenderId}/proposals/${bids.get(B)!.proposal}/evaluation`,
    { token: owner.token, payload: { evaluation: 'not_responsive', reason: 'No licence' } },
  );
  expect(marked.status, marked.res.body).toBe(200);
  const locked = await call(app, 'POST', `/tenders/${tenderId}/panel/lock`, { token: owner.token });
  expect(locked.status, locked.res.body).toBe(200);
  const rows = await app.ctx.database.db
    .select({ id: proposals.id, passed: proposals.technicalPassed })
    .from(proposals)
    .where(eq(proposals.tenderId, tenderId));
  expect(new Map(rows.map((r) => [r.id, r.passed]))).toEqual(
    new Map([
      [bids.get(A)!.proposal, true],
      [bids.get(B)!.proposal, false],
      [bids.get(C)!.proposal, true],
    ]),
  );
}

const download = (token: string, id: string) => call(app, 'GET', `/files/${id}`, { token });

describe('a two-envelope tender after its deadline, before the technical lock', () => {
  it('shows each bidding side its own financial part whole (the markers can be found)', async () => {
    for (const [m, b] of bids) {
      const own = await call(app, 'GET', `/proposals/${b.proposal}`, { token: b.token });
      expect(own.body.data.financialSealed).toBe(false);
      expect(own.body.data.current.offer_price).toBe(m.price);
      expect(own.res.body).toContain(m.line);
      const doc = await download(b.token, b.priceDoc);
      expect(doc.status).toBe(200);
      expect(doc.res.body).toContain(m.doc);
    }
  });

  it('shows the rest of each proposal to its owner, its financial part blanked and flagged', async () => {
    const owner = readers[0]!;
    const p = await call(app, 'GET', `/proposals/${bids.get(A)!.proposal}`, { token: owner.token });
    expect(p.status).toBe(200);
    expect(p.body.data).toMatchObject({ sealed: false, financialSealed: true });
    expect(p.body.data.current).toMatchObject({
      title: 'Our offer',
      offer_price: null,
      currency: null,
      payment_terms: null,
      breakdown: null,
      priceDocuments: null,
    });
    expect(p.body.data.current.milestones[0]).toMatchObject({ title: 'Works', amount: null });
    // The technical part's files stay readable; the price document answers as missing.
    expect((await download(owner.token, bids.get(A)!.attachment)).status).toBe(200);
    expect((await download(owner.token, bids.get(A)!.priceDoc)).status).toBe(404);
  });

  it('leaks no marker to the owner, a buyer colleague, an evaluator, an admin or another bidder, anywhere', async () => {
    // The bidders of B and C do not see A's (nor each other's) either.
    const otherBidders: (Caller & { email: string })[] = [
      { name: 'B', token: bids.get(B)!.token, language: 'en', email: OTHER },
    ];
    for (const who of readers.map(withEmail)) {
      expect(await leaks(who, [A, B, C]), who.name).toEqual([]);
    }
    for (const who of otherBidders) expect(await leaks(who, [A, C]), who.name).toEqual([]);
  }, 600_000);
});

describe('after the technical lock', () => {
  beforeAll(lock);

  it('opens the passed proposals to the owner: prices, breakdown, price documents, comparison and CSV', async () => {
    const owner = readers[0]!;
    for (const m of [A, C]) {
      const b = bids.get(m)!;
      const p = await call(app, 'GET', `/proposals/${b.proposal}`, { token: owner.token });
      expect(p.body.data.financialSealed).toBe(false);
      expect(p.body.data.current.offer_price).toBe(m.price);
      expect(p.res.body).toContain(m.line);
      const doc = await download(owner.token, b.priceDoc);
      expect(doc.status).toBe(200);
      expect(doc.res.body).toContain(m.doc);
    }
    const cmp = await call(app, 'GET', `/tenders/${tenderId}/comparison?sort=offerPrice&order=asc`, {
      token: owner.token,
    });
    // Ordered by the open prices (C, then A); B, sealed, comes last whatever the order.
    expect(cmp.body.data.rows.map((r: { offerPrice: number | null }) => r.offerPrice)).toEqual([
      C.price,
      A.price,
      null,
    ]);
    const desc = await call(app, 'GET', `/tenders/${tenderId}/comparison?sort=offerPrice&order=desc`, {
      token: owner.token,
    });
    expect(desc.body.data.rows.map((r: { offerPrice: number | null }) => r.offerPrice)).toEqual([
      A.price,
      C.price,
      null,
    ]);
    const csv = await call(app, 'GET', `/tenders/${tenderId}/comparison.csv`, { token: owner.token });
    expect(csv.res.body).toContain(String(A.price));
    expect(csv.res.body).toContain('Sealed');
    const csvAr = await call(app, 'GET', `/tenders/${tenderId}/comparison.csv`, {
      token: owner.token,
      headers: { 'accept-language': 'ar' },
    });
    expect(csvAr.res.body).toContain('مختوم');
  });

  it('never opens the proposal that did not pass, to anyone but its bidder', async () => {
    for (const who of readers.map(withEmail)) expect(await leaks(who, [B]), who.name).toEqual([]);
    const own = await call(app, 'GET', `/proposals/${bids.get(B)!.proposal}`, { token: bids.get(B)!.token });
    expect(own.body.data.current.offer_price).toBe(B.price);
  }, 600_000);
});
