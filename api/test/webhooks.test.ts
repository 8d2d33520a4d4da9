import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookSubscriptions } from '../src/db/schema.ts';
import { finaliseDueAwards } from '../src/modules/tenders/index.ts';
import { awardAfterDeadline, DAY, proposalBody, publishedTender, tenderParties } from './fixtures.ts';
import { call, makeApp, newMember, secondApp, type TestApp } from './helpers.ts';
import { type Receiver, startReceiver, until } from './webhook-receiver.ts';

/**
 * Webhooks as a company's administrator and its receiver see them: signatures a receiver can verify (and forgeries
 * it rejects), give-up and retry, what each company is sent (only what it may see), and who may manage them.
 */

const WEBHOOKS = {
  timeoutMs: 10_000,
  backoffBaseMs: 50,
  maxAttempts: 3,
  intervalMs: 50,
  allowPrivateUrls: true,
  requireHttps: false,
};

let app: TestApp;
let receiver: Receiver;
let p: Awaited<ReturnType<typeof tenderParties>>;
const attachments = new Map<string, string>();
const co: Record<'owner' | 'other' | 'third', number> = { owner: 0, other: 0, third: 0 };

beforeAll(async () => {
  receiver = await startReceiver();
  app = await makeApp({ env: { webhooks: WEBHOOKS } });
  p = await tenderParties(app, attachments);
  for (const who of ['owner', 'other', 'third'] as const)
    co[who] = (await call(app, 'GET', '/companies/mine', { token: p[who] })).body.data.id;
});
afterAll(async () => {
  await app?.cleanup();
  await receiver?.close();
});

const hooks = (company: number) => `/companies/${company}/webhooks`;

async function subscribe(token: string, company: number, path: string, events: string[]) {
  const r = await call(app, 'POST', hooks(company), { token, payload: { url: receiver.url(path), events } });
  expect(r.status).toBe(201);
  receiver.trust(path, r.body.data.secret);
  return { id: r.body.data.webhook.id as number, secret: r.body.data.secret as string };
}

const deliveriesOf = async (token: string, company: number, id: number) =>
  (await call(app, 'GET', `${hooks(company)}/${id}/deliveries`, { token })).body.data;

describe('signatures', () => {
  it('verify with the secret; a tampered body, a tampered signature and an old timestamp are rejected', async () => {
    const hook = await subscribe(p.owner, co.owner, '/signed', ['webhook.test']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const sent = await call(app, 'POST', `${hooks(co.owner)}/${hook.id}/test`, { token: p.owner });
    expect(sent.status).toBe(201);
    await until('the test event', () => receiver.accepted.some((r) => r.id === sent.body.data.eventId));
    const got = receiver.accepted.find((r) => r.id === sent.body.data.eventId)!;
    expect(got.payload.type).toBe('webhook.test');
    expect(got.headers['webhook-signature']).toMatch(/^v1,/);
    const before = receiver.accepted.length;

    const { body, headers } = got;
    const tamperedBody = body.replace('webhook.test', 'tender.awarded');
    expect(await receiver.send('/signed', tamperedBody, headers)).toBe(400);
    const sig = headers['webhook-signature']!;
    const flipped = `v1,${sig.slice(3, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    expect(await receiver.send('/signed', body, { ...headers, 'webhook-signature': flipped })).toBe(400);
    // Signed correctly, but ten minutes ago: a replay outside the 5-minute window.
    const old = new Date(Date.now() - 10 * 60_000);
    const oldHeaders = {
      ...headers,
      'webhook-timestamp': String(Math.floor(old.getTime() / 1000)),
      'webhook-signature': new Webhook(hook.secret).sign(got.id, old, body),
    };
    expect(await receiver.send('/signed', body, oldHeaders)).toBe(400);
    // The same request as sent still verifies (the receiver is not rejecting everything).
    expect(await receiver.send('/signed', body, headers)).toBe(204);
    expect(receiver.accepted.length).toBe(before + 1);

    // Rotation: the new secret signs from the next attempt, the previous one still signs during the overlap.
    const rotated = await call(app, 'POST', `${hooks(co.owner)}/${hook.id}/secret`, { token: p.owner });
    expect(rotated.status).toBe(200);
    const secret = rotated.body.data.secret as string;
    expect(secret).not.toBe(hook.secret);
    const list = (await call(app, 'GET', hooks(co.owner), { token: p.owner })).body.data;
    expect(list.find((h: { id: number }) => h.id === hook.id).secretHint).toBe(secret.slice(-4));
    receiver.trust('/signed', secret);
    const again = await call(app, 'POST', `${hooks(co.owner)}/${hook.id}/test`, { token: p.owner });
    await until('the event after rotation', () =>
      receiver.accepted.some((r) => r.id === again.body.data.eventId),
    );
    const next = receiver.accepted.find((r) => r.id === again.body.data.eventId)!;
    expect(() => new Webhook(hook.secret).verify(next.body, next.headers)).not.toThrow();
    expect(() => new Webhook(secret).verify(next.body, next.headers)).not.toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(next.body, next.headers),
    ).toThrow();
    expect((await call(app, 'DELETE', `${hooks(co.owner)}/${hook.id}`, { token: p.owner })).status).toBe(200);
  });
});

describe('retries', () => {
  it('gives up after the last attempt, shows it in the log, and sends it again on retry with the same id', async () => {
    const hook = await subscribe(p.owner, co.owner, '/broken', ['webhook.test']);
    receiver.answer(500);
    try {
      const sent = await call(app, 'POST', `${hooks(co.owner)}/${hook.id}/test`, { token: p.owner });
      const eventId = sent.body.data.eventId as string;
      await until(
        'the give-up',
        async () => (await deliveriesOf(p.owner, co.owner, hook.id)).items[0].status === 'given_up',
      );
      const log = await deliveriesOf(p.owner, co.owner, hook.id);
      expect(log.totalItems).toBe(1);
      expect(log.items[0]).toMatchObject({
        eventId,
        type: 'webhook.test',
        status: 'given_up',
        attempts: 3,
        lastStatusCode: 500,
        lastError: 'HTTP 500',
        nextAttemptAt: null,
        deliveredAt: null,
      });
      // Every attempt carried the same webhook-id.
      expect(receiver.attempts.get(eventId)).toBe(3);
      const listed = (await call(app, 'GET', hooks(co.owner), { token: p.owner })).body.data;
      expect(listed.find((h: { id: number }) => h.id === hook.id).counts).toEqual({
        delivered: 0,
        failed: 1,
        pending: 0,
      });
      // Only a given-up delivery may be sent again.
      const retryUrl = `${hooks(co.owner)}/${hook.id}/deliveries/${log.items[0].id}/retry`;
      receiver.answer(null);
      const retried = await call(app, 'POST', retryUrl, { token: p.owner });
      expect(retried.status).toBe(200);
      expect(retried.body.data).toMatchObject({ eventId, status: 'pending', attempts: 0 });
      await until('the retried delivery', () => receiver.accepted.some((r) => r.id === eventId));
      await until(
        'the log to say so',
        async () => (await deliveriesOf(p.owner, co.owner, hook.id)).items[0].status === 'delivered',
      );
      const done = (await deliveriesOf(p.owner, co.owner, hook.id)).items[0];
      expect(done).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204, lastError: null });
      const refused = await call(app, 'POST', retryUrl, {
        token: p.owner,
        headers: { 'accept-language': 'ar' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'WEBHOOK_DELIVERY_NOT_GIVEN_UP' });
      expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
      expect(receiver.accepted.filter((r) => r.id === eventId)).toHaveLength(1);
    } finally {
      receiver.answer(null);
      await call(app, 'DELETE', `${hooks(co.owner)}/${hook.id}`, { token: p.owner });
    }
  });
});

describe('what each company is sent', () => {
  it('only events about what it may see: never another company’s questions, nor another bidder’s outcome', {
    timeout: 60_000,
  }, async () => {
    const all = [
      'tender.question_asked',
      'tender.bids_opened',
      'tender.awarded',
      'proposal.outcome',
      'tender.amended',
      'tender.answered',
      'contract.created',
    ];
    const subs = {
      owner: await subscribe(p.owner, co.owner, '/see-owner', all),
      other: await subscribe(p.other, co.other, '/see-other', all),
      third: await subscribe(p.third, co.third, '/see-third', all),
    };
    const tender = await publishedTender(app, p, { standstillDays: 0 });
    const asked = await call(app, 'POST', `/tenders/${tender}/clarifications`, {
      token: p.other,
      payload: { question: 'May we bid jointly?' },
    });
    expect(asked.status).toBe(201);
    const proposal: Record<string, number> = {};
    for (const [who, price] of [
      ['other', 100000],
      ['third', 200000],
    ] as const) {
      const r = await call(app, 'POST', '/proposals', {
        token: p[who],
        payload: proposalBody(tender, attachments.get(p[who]), { price }),
      });
      expect(r.status).toBe(201);
      proposal[who] = r.body.data.proposal.id;
    }
    // Answered once both bid: the public answer reaches them.
    const answered = await call(
      app,
      'POST',
      `/tenders/${tender}/clarifications/${asked.body.data.id}/answer`,
      {
        token: p.owner,
        payload: { answer: 'Yes, name the partner.' },
      },
    );
    expect(answered.status).toBe(200);
    await awardAfterDeadline(app, p.owner, tender, proposal.other!);

    const of = (path: string) =>
      receiver.accepted.filter(
        (r) => r.path === path && (r.payload.data as { tender?: { id: number } }).tender?.id === tender,
      );
    await until(
      'the events of the tender',
      () => of('/see-owner').length >= 3 && of('/see-other').length >= 2 && of('/see-third').length >= 2,
    );
    await new Promise((r) => setTimeout(r, 500));
    const typesOf = (path: string) =>
      of(path)
        .map((r) => r.payload.type)
        .sort();
    expect(typesOf('/see-owner')).toEqual(['tender.awarded', 'tender.bids_opened', 'tender.question_asked']);
    expect(typesOf('/see-other')).toEqual(['proposal.outcome', 'tender.answered']);
    const answer = of('/see-third').find((r) => r.payload.type === 'tender.answered')!;
    expect(answer.payload.data).toMatchObject({ question: { answer: 'Yes, name the partner.' } });
    expect(answer.body).not.toMatch(/mariam|asker/i);
    expect(typesOf('/see-third')).toEqual(['proposal.outcome', 'tender.answered']);

    // The question reaches the owner without its asker; the public answer reaches the bidders.
    const question = of('/see-owner').find((r) => r.payload.type === 'tender.question_asked')!;
    expect(question.payload.data).toMatchObject({ question: { question: 'May we bid jointly?' } });
    expect(question.body).not.toMatch(/asker|mariam/i);
    // The bid opening lists who bid and when, never what they offered.
    const opened = of('/see-owner').find((r) => r.payload.type === 'tender.bids_opened')!;
    const received = (opened.payload.data as { proposals: { id: number }[] }).proposals;
    expect(received.map((x) => x.id).sort()).toEqual([proposal.other, proposal.third].sort());
    expect(opened.body).not.toMatch(/100000|200000|offer|price/i);
    // Each bidder hears its own outcome, about its own proposal only.
    const third = of('/see-third').find((r) => r.payload.type === 'proposal.outcome')!;
    expect(third.payload.data).toMatchObject({ proposalId: proposal.third, outcome: 'lost' });
    expect(third.body).not.toContain(`"proposalId":${proposal.other}`);
    expect(of('/see-other').find((r) => r.payload.type === 'proposal.outcome')!.payload.data).toMatchObject({
      proposalId: proposal.other,
      outcome: 'won',
    });
    // The contract goes to its two parties, never to the losing bidder.
    const contractTo = (path: string) =>
      receiver.accepted.filter(
        (r) =>
          r.path === path &&
          r.payload.type === 'contract.created' &&
          (r.payload.data as { contract: { tenderId: number } }).contract.tenderId === tender,
      );
    await until(
      'the contract events',
      () => contractTo('/see-owner').length === 1 && contractTo('/see-other').length === 1,
    );
    expect(contractTo('/see-third')).toHaveLength(0);

    for (const who of ['owner', 'other', 'third'] as const)
      await call(app, 'DELETE', `${hooks(co[who])}/${subs[who].id}`, { token: p[who] });
  });
});

describe('when events are sent', () => {
  it('an amendment to bidders and interested companies; an award in a standstill only once it is final', {
    timeout: 60_000,
  }, async () => {
    const events = ['tender.amended', 'tender.awarded', 'proposal.outcome'];
    const subs = {
      owner: await subscribe(p.owner, co.owner, '/when-owner', events),
      other: await subscribe(p.other, co.other, '/when-other', events),
      third: await subscribe(p.third, co.third, '/when-third', events),
    };
    try {
      const tender = await publishedTender(app, p, { standstillDays: 5 });
      const sent = await call(app, 'POST', '/proposals', {
        token: p.other,
        payload: proposalBody(tender, attachments.get(p.other)),
      });
      expect(sent.status).toBe(201);
      const amended = await call(app, 'POST', `/tenders/${tender}/amendments`, {
        token: p.owner,
        payload: { reason: 'Scope clarified', description: 'A clearer scope' },
      });
      expect(amended.status).toBe(201);
      const of = (path: string, type: string) =>
        receiver.accepted.filter(
          (r) =>
            r.path === path &&
            r.payload.type === type &&
            (r.payload.data as { tender?: { id: number } }).tender?.id === tender,
        );
      await until('the amendment', () => of('/when-other', 'tender.amended').length === 1);
      expect(of('/when-other', 'tender.amended')[0]!.payload.data).toMatchObject({
        amendment: { number: 1, fields: ['description'] },
      });
      // The owner made it, and the third company neither bid nor registered interest.
      expect(of('/when-owner', 'tender.amended')).toHaveLength(0);
      expect(of('/when-third', 'tender.amended')).toHaveLength(0);

      await awardAfterDeadline(app, p.owner, tender, sent.body.data.proposal.id);
      await new Promise((r) => setTimeout(r, 500));
      // In its standstill the award is not final: nothing is sent yet.
      expect(of('/when-owner', 'tender.awarded')).toHaveLength(0);
      expect(of('/when-other', 'proposal.outcome')).toHaveLength(0);
      expect(await finaliseDueAwards(app.ctx, tender, new Date(Date.now() + 60 * DAY))).toBe(1);
      await until(
        'the final award',
        () =>
          of('/when-owner', 'tender.awarded').length === 1 &&
          of('/when-other', 'proposal.outcome').length === 1,
      );
      expect(of('/when-other', 'proposal.outcome')[0]!.payload.data).toMatchObject({ outcome: 'won' });
    } finally {
      for (const who of ['owner', 'other', 'third'] as const)
        await call(app, 'DELETE', `${hooks(co[who])}/${subs[who].id}`, { token: p[who] });
    }
  });

  it('two API processes on one database send each delivery once', async () => {
    const hook = await subscribe(p.owner, co.owner, '/two', ['webhook.test']);
    const other = await secondApp(app);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const via = i % 2 === 0 ? app : other;
        const sent = await call(via, 'POST', `${hooks(co.owner)}/${hook.id}/test`, { token: p.owner });
        expect(sent.status).toBe(201);
        ids.push(sent.body.data.eventId);
      }
      await until('every test event', () => ids.every((id) => receiver.accepted.some((r) => r.id === id)));
      await new Promise((r) => setTimeout(r, 500));
      expect(ids.map((id) => receiver.attempts.get(id))).toEqual(ids.map(() => 1));
    } finally {
      await other.cleanup();
      await call(app, 'DELETE', `${hooks(co.owner)}/${hook.id}`, { token: p.owner });
    }
  });

  it('sends a delivery again, with the same id, once the lease of a worker that died mid-send has expired', async () => {
    const hook = await subscribe(p.owner, co.owner, '/lease', ['webhook.test']);
    try {
      // A delivery claimed by a worker that died mid-send: its attempt counted, its lease running another 2 s.
      const eventId = `evt_lease${Date.now()}`;
      const payload = JSON.stringify({
        id: eventId,
        type: 'webhook.test',
        createdAt: new Date().toISOString(),
        data: {},
      });
      const leased = new Date(Date.now() + 2000);
      await app.ctx.database.db.insert(webhookDeliveries).values({
        subscriptionId: hook.id,
        eventId,
        type: 'webhook.test',
        payload,
        attempts: 1,
        lockedUntil: leased,
      });
      await new Promise((r) => setTimeout(r, 1000));
      // Not while the lease holds…
      expect(receiver.accepted.some((r) => r.id === eventId)).toBe(false);
      // …then sent again under the same webhook-id.
      await until(
        'the delivery after the lease',
        () => receiver.accepted.some((r) => r.id === eventId),
        10_000,
      );
      expect(Date.now()).toBeGreaterThanOrEqual(leased.getTime());
      expect(receiver.attempts.get(eventId)).toBe(1);
      expect(receiver.accepted.find((r) => r.id === eventId)!.body).toBe(payload);
      // The row is marked once the answer is in (just after the receiver took it).
      const row = async () =>
        (
          await app.ctx.database.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.eventId, eventId))
        )[0];
      await until('the row delivered', async () => (await row())?.status === 'delivered');
      expect(await row()).toMatchObject({ status: 'delivered', attempts: 2, lockedUntil: null });
    } finally {
      receiver.answer(null);
      await call(app, 'DELETE', `${hooks(co.owner)}/${hook.id}`, { token: p.owner });
    }
  });
});

describe('who manages webhooks', () => {
  it('only the company’s administrators; others are refused without being signed out', async () => {
    const hook = await subscribe(p.owner, co.owner, '/perm', ['webhook.test']);
    const url = `${hooks(co.owner)}/${hook.id}`;
    const buyer = await newMember(app, p.owner, `hooks-buyer-${Date.now()}@example.qa`, [
      'buyer',
      'bidder',
      'viewer',
    ]);
    const ar = { 'accept-language': 'ar' };
    // A member without the admin role: 409, translated, still signed in.
    for (const [method, path] of [
      ['GET', hooks(co.owner)],
      ['POST', `${url}/test`],
      ['PATCH', url],
      ['DELETE', url],
      ['POST', `${url}/secret`],
      ['GET', `${url}/deliveries`],
    ] as const) {
      const r = await call(app, method, path, {
        token: buyer,
        headers: ar,
        payload: method === 'PATCH' ? { active: false } : undefined,
      });
      expect(r.status, `${method} ${path}`).toBe(409);
      expect(r.body.code).toBe('COMPANY_ROLE_REQUIRED');
      expect(r.body.message).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await call(app, 'GET', '/users/me', { token: buyer })).status).toBe(200);
    // Another company's administrator: the subscription does not exist for them, by either path.
    expect((await call(app, 'GET', hooks(co.owner), { token: p.other })).status).toBe(404);
    expect((await call(app, 'PATCH', url, { token: p.other, payload: { active: false } })).status).toBe(404);
    const theirs = `${hooks(co.other)}/${hook.id}`;
    expect((await call(app, 'PATCH', theirs, { token: p.other, payload: { active: false } })).status).toBe(
      404,
    );
    expect((await call(app, 'POST', `${theirs}/secret`, { token: p.other })).status).toBe(404);
    const otherList = (await call(app, 'GET', hooks(co.other), { token: p.other })).body.data;
    expect(otherList.map((h: { id: number }) => h.id)).not.toContain(hook.id);
    // Anonymous: 401; the platform's administrator: 403 (not a company's integration to set up).
    expect((await call(app, 'GET', hooks(co.owner))).status).toBe(401);
    expect((await call(app, 'GET', hooks(co.owner), { token: p.admin })).status).toBe(403);
    // Nothing changed.
    const [row] = await app.ctx.database.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, hook.id));
    expect(row).toMatchObject({ active: true, secret: hook.secret });

    // The administrator pauses and changes it.
    const paused = await call(app, 'PATCH', url, {
      token: p.owner,
      payload: { active: false, events: ['webhook.test', 'tender.awarded'] },
    });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({
      active: false,
      events: ['webhook.test', 'tender.awarded'],
      can: { update: true, delete: true, rotate: true, test: true },
    });
    expect((await call(app, 'DELETE', url, { token: p.owner })).status).toBe(200);
    expect((await call(app, 'GET', `${url}/deliveries`, { token: p.owner })).status).toBe(404);
  });

  it('refuses bad subscriptions with translated messages, and more than ten', async () => {
    const bad = async (payload: unknown) =>
      call(app, 'POST', hooks(co.owner), { token: p.owner, payload, headers: { 'accept-language': 'ar' } });
    const noEvents = await bad({ url: 'https://example.com/hooks', events: [] });
    expect(noEvents.status).toBe(422);
    expect(noEvents.body.issues[0].message).toBe('اختر حدثًا واحدًا على الأقل.');
    expect(
      (await bad({ url: 'https://example.com/hooks', events: ['tender.awarded', 'tender.awarded'] })).status,
    ).toBe(422);
    expect((await bad({ url: 'https://example.com/hooks', events: ['tender.secret'] })).status).toBe(422);
    expect((await bad({ url: 'ftp://example.com/hooks', events: ['tender.awarded'] })).status).toBe(422);
    const made: number[] = [];
    const existing = (await call(app, 'GET', hooks(co.third), { token: p.third })).body.data.length;
    for (let i = existing; i < 10; i++) {
      const r = await call(app, 'POST', hooks(co.third), {
        token: p.third,
        payload: { url: `https://example.com/hooks/${i}`, events: ['tender.awarded'] },
      });
      expect(r.status).toBe(201);
      made.push(r.body.data.webhook.id);
    }
    const over = await call(app, 'POST', hooks(co.third), {
      token: p.third,
      payload: { url: 'https://example.com/hooks/10', events: ['tender.awarded'] },
    });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('WEBHOOK_LIMIT');
    for (const id of made) await call(app, 'DELETE', `${hooks(co.third)}/${id}`, { token: p.third });
  });
});

describe('addresses (server-side request forgery)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await makeApp({
      env: { webhooks: { ...WEBHOOKS, allowPrivateUrls: false, requireHttps: true } },
    });
  });
  afterAll(async () => {
    await strict?.cleanup();
  });

  it('refuses plain http in production, and private addresses as written or as resolved when sending', async () => {
    const { login } = await import('./helpers.ts');
    const owner = await login(strict, 'owner@bawaba.qa');
    const company = (await call(strict, 'GET', '/companies/mine', { token: owner })).body.data.id as number;
    const create = (url: string) =>
      call(strict, 'POST', hooks(company), { token: owner, payload: { url, events: ['webhook.test'] } });
    expect((await create('http://example.com/hooks')).body.code).toBe('WEBHOOK_URL_HTTPS_REQUIRED');
    for (const url of [
      'https://127.0.0.1/h',
      'https://10.1.2.3/h',
      'https://169.254.169.254/latest',
      'https://[::1]/h',
      'https://localhost/h',
    ])
      expect((await create(url)).body.code, url).toBe('WEBHOOK_URL_PRIVATE');
    // A subscription whose address turns out to be private (a name resolving to loopback, an address written
    // before the rule) is refused when the delivery connects: the receiver never hears of it.
    for (const url of [
      receiver.url('/private').replace('127.0.0.1', 'localhost'),
      receiver.url('/private'),
    ]) {
      const [sub] = await strict.ctx.database.db
        .insert(webhookSubscriptions)
        .values({
          companyId: company,
          url,
          events: ['webhook.test'],
          secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
        })
        .returning();
      const sent = await call(strict, 'POST', `${hooks(company)}/${sub!.id}/test`, { token: owner });
      expect(sent.status).toBe(201);
      await until('the refusal', async () => {
        const d = (await call(strict, 'GET', `${hooks(company)}/${sub!.id}/deliveries`, { token: owner }))
          .body.data.items[0];
        return d.attempts >= 1 && d.status !== 'pending';
      });
      const d = (await call(strict, 'GET', `${hooks(company)}/${sub!.id}/deliveries`, { token: owner })).body
        .data.items[0];
      expect(d.lastError).toMatch(/private network address/);
      expect(d.lastStatusCode).toBeNull();
      expect(receiver.attempts.has(sent.body.data.eventId)).toBe(false);
    }
  });
});
