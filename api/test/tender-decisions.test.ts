import { addWorkingDays } from '@bawaba/shared/calendar';
import { type TenderTransition as TenderAction, TRANSITIONS } from '@bawaba/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clarifications, tenders } from '../src/db/schema.ts';
import { comparisonCsv } from '../src/modules/proposals/comparison-csv.ts';
import { allow, recordBidOpenings, tenderState } from '../src/modules/tenders/lifecycle.ts';
import { daysFromNow, proposalBody, publishedTender, tenderParties } from './fixtures.ts';
import { ADMIN, BIDDER, call, login, makeApp, OWNER, rowCount, type TestApp } from './helpers.ts';

/**
 * The tender lifecycle from publication to a decision: the state machine (every action in every state), questions
 * and answers with their cut-off and anonymity, amendments with the deadline rule, the sealed then open
 * comparison with its CSV, evaluation, award, no award and cancellation — and the races where exactly one wins.
 */

const DAY = 86_400_000;
let app: TestApp;
let owner: string;
let bidder: string;
let other: string;
let third: string;
let admin: string;
const attachments = new Map<string, string>();

beforeAll(async () => {
  // The working-day cases sign the parties in again at each faked date; on PostgreSQL the sign-in counters run on the
  // database's clock, which the fake does not move, so they would all fall in one window: sign-in limits out of the way.
  app = await makeApp({
    env: {
      rateLimits: {
        login: 1000,
        loginPerAccount: 1000,
        register: 5,
        forgot: 5,
        upload: 30,
        windowMs: 60_000,
      },
    },
  });
  ({ owner, bidder, other, third, admin } = await tenderParties(app, attachments));
});
afterAll(async () => {
  await app.cleanup();
});

const ar = { 'accept-language': 'ar' };

/**
 * A published (approved) open tender of the demo owner, deadline in `days`; no standstill, so an award is final at
 * once (the standstill's own tests: decision-stage.test.ts).
 */
const published = (patch: Record<string, unknown> = {}, days = 10) =>
  publishedTender(
    app,
    { owner, admin },
    {
      title: `Decision tender ${Math.random().toString(36).slice(2, 8)}`,
      deadline: daysFromNow(days),
      standstillDays: 0,
      ...patch,
    },
  );

const offer = (token: string, tender: number, offer_price: number, period = 90) =>
  proposalBody(tender, attachments.get(token), { price: offer_price, period });
const bid = (token: string, tender: number, offer_price: number, period = 90) =>
  call(app, 'POST', '/proposals', { token, payload: offer(token, tender, offer_price, period) });
const resubmit = (token: string, proposal: number, tender: number, offer_price: number) =>
  call(app, 'PUT', `/proposals/${proposal}`, {
    token,
    payload: { ...offer(token, tender, offer_price), tender: undefined },
  });

/** Moves the tender's dates in the database: the deadline (and with it bid opening) without waiting. */
async function setDates(id: number, dates: { deadline?: Date; clarificationCutoff?: Date | null }) {
  await app.ctx.database.db.update(tenders).set(dates).where(eq(tenders.id, id));
}
/** The deadline passes now (just after everything done so far, so the history keeps its order). */
async function openBids(id: number) {
  await new Promise((r) => setTimeout(r, 5));
  await setDates(id, { deadline: new Date(Date.now() - 1) });
}

/** A text without its bidi isolates and with plain spaces (Intl's no-break space), as a reader sees it. */
const strip = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');

const titles = async (token: string) =>
  (
    (await call(app, 'GET', '/notification', { token })).body.data as {
      title: string;
      tender?: { id: number };
    }[]
  ).map((n) => `${n.title}#${n.tender?.id ?? ''}`);

/** A tender with three proposals (prices 300k, 100k, 200k), past its deadline. */
async function withThreeBids() {
  const id = await published();
  const ps: number[] = [];
  for (const [token, price] of [
    [bidder, 300000],
    [other, 100000],
    [third, 200000],
  ] as const) {
    const r = await bid(token, id, price);
    expect(r.status).toBe(201);
    ps.push(r.body.data.proposal.id);
  }
  return { id, ps };
}

describe('the state machine', () => {
  const row = (patch: Partial<typeof tenders.$inferSelect>) =>
    ({
      approvalStatus: 'approved',
      outcome: null,
      deadline: new Date(Date.now() + DAY),
      ...patch,
    }) as typeof tenders.$inferSelect;
  const inState = {
    draft: row({ approvalStatus: 'draft' }),
    pending_approval: row({ approvalStatus: 'pending' }),
    rejected: row({ approvalStatus: 'rejected' }),
    published: row({}),
    bids_opened: row({ deadline: new Date(Date.now() - DAY) }),
    standstill: row({ deadline: new Date(Date.now() - DAY), standstillEndsAt: new Date(Date.now() + DAY) }),
    awarded: row({ outcome: 'awarded' }),
    no_award: row({ outcome: 'no_award' }),
    cancelled: row({ outcome: 'cancelled' }),
  } as const;

  it('derives each state and allows each action exactly in the states of its row of the table', () => {
    for (const [state, t] of Object.entries(inState)) expect(tenderState(t)).toBe(state);
    const expected: Record<TenderAction, string[]> = {
      edit: ['draft', 'rejected'],
      submit: ['draft', 'rejected'],
      approve: ['pending_approval'],
      reject: ['pending_approval'],
      restrict: ['draft', 'pending_approval', 'rejected', 'published'],
      invite: ['draft', 'pending_approval', 'rejected', 'published'],
      bid: ['published'],
      ask: ['published'],
      answer: ['published'],
      amend: ['published'],
      evaluate: ['bids_opened'],
      award: ['bids_opened'],
      no_award: ['bids_opened'],
      cancel: ['published', 'bids_opened', 'standstill'],
      object: ['standstill'],
      appoint: ['draft', 'pending_approval', 'rejected', 'published', 'bids_opened'],
    };
    expect(Object.keys(TRANSITIONS).sort()).toEqual(Object.keys(expected).sort());
    for (const action of Object.keys(expected) as TenderAction[]) {
      for (const [state, t] of Object.entries(inState)) {
        const ok = expected[action].includes(state);
        if (ok) expect(allow(action, t).from, `${action} in ${state}`).toBe(state);
        else expect(() => allow(action, t), `${action} in ${state}`).toThrow();
      }
    }
    expect(allow('award', inState.bids_opened).to).toBe('standstill');
    expect(allow('cancel', inState.published).to).toBe('cancelled');
  });

  it('names the reason of a refusal: ended, deadline passed, bids not opened, not published', () => {
    const code = (action: TenderAction, t: typeof tenders.$inferSelect) => {
      try {
        allow(action, t);
        return 'allowed';
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    expect(code('bid', inState.awarded)).toBe('TENDER_ENDED');
    expect(code('bid', inState.bids_opened)).toBe('DEADLINE_PASSED');
    expect(code('award', inState.published)).toBe('BIDS_NOT_OPENED');
    expect(code('ask', inState.draft)).toBe('TENDER_NOT_PUBLISHED_STATE');
    expect(code('cancel', inState.draft)).toBe('TENDER_INVALID_STATE');
  });
});

describe('clarifications', () => {
  it('takes questions from signed-in non-owners, shows answered ones to everyone without the asker', async () => {
    const id = await published();
    expect(
      (await call(app, 'POST', `/tenders/${id}/clarifications`, { payload: { question: 'Q?' } })).status,
    ).toBe(401);
    expect(
      (
        await call(app, 'POST', `/tenders/${id}/clarifications`, {
          token: admin,
          payload: { question: 'Q?' },
        })
      ).status,
    ).toBe(403);
    const own = await call(app, 'POST', `/tenders/${id}/clarifications`, {
      token: owner,
      payload: { question: 'Q?' },
      headers: ar,
    });
    expect(own.status).toBe(409);
    expect(own.body).toMatchObject({ code: 'OWN_TENDER_QUESTION', message: 'لا يمكنك طرح سؤال على مناقصتك' });
    const empty = await call(app, 'POST', `/tenders/${id}/clarifications`, {
      token: bidder,
      payload: { question: ' ' },
    });
    expect(empty.status).toBe(422);

    // A participant who is not the asker: the other bidder expresses interest by bidding.
    expect((await bid(other, id, 50000)).status).toBe(201);
    const asked = await call(app, 'POST', `/tenders/${id}/clarifications`, {
      token: bidder,
      payload: { question: 'Is the furniture included?' },
    });
    expect(asked.status).toBe(201);
    const q = asked.body.data;
    expect(q).toMatchObject({ question: 'Is the furniture included?', answer: null, mine: true });
    expect(await titles(owner)).toContain(`New question on your tender#${id}`);

    const list = async (token?: string) =>
      (await call(app, 'GET', `/tenders/${id}/clarifications`, token ? { token } : {})).body.data as {
        id: number;
        mine: boolean;
        answer: string | null;
      }[];
    expect(await list()).toEqual([]);
    expect(await list(other)).toEqual([]);
    expect((await list(bidder)).map((c) => c.id)).toEqual([q.id]);
    expect(await list(owner)).toMatchObject([{ id: q.id, mine: false }]);

    expect(
      (
        await call(app, 'POST', `/tenders/${id}/clarifications/${q.id}/answer`, {
          token: bidder,
          payload: { answer: 'Yes' },
        })
      ).body.code,
    ).toBe('NOT_TENDER_OWNER');
    const answered = await call(app, 'POST', `/tenders/${id}/clarifications/${q.id}/answer`, {
      token: owner,
      payload: { answer: 'Yes, desks and chairs.' },
    });
    expect(answered.status).toBe(200);
    const again = await call(app, 'POST', `/tenders/${id}/clarifications/${q.id}/answer`, {
      token: owner,
      payload: { answer: 'Changed my mind' },
    });
    expect(again.body.code).toBe('CLARIFICATION_ANSWERED');
    const missing = await call(app, 'POST', `/tenders/${id}/clarifications/99999/answer`, {
      token: owner,
      payload: { answer: 'x' },
    });
    expect(missing.status).toBe(404);

    const pub = await list();
    expect(pub).toHaveLength(1);
    // Nothing in the public record names or numbers the asker.
    expect(Object.keys(pub[0]!).sort()).toEqual([
      'answer',
      'answeredAt',
      'askedAt',
      'id',
      'mine',
      'question',
    ]);
    expect(pub[0]).toMatchObject({ answer: 'Yes, desks and chairs.', mine: false });
    expect(JSON.stringify(pub)).not.toMatch(/Sara|bidder@/);
    expect((await list(other))[0]!.mine).toBe(false);
    for (const token of [bidder, other])
      expect(await titles(token)).toContain(`A question was answered#${id}`);
  });

  it('stops at the cut-off (the owner’s, or 3 days before the deadline) and limits open questions', async () => {
    const late = await published({}, 2);
    const refused = await call(app, 'POST', `/tenders/${late}/clarifications`, {
      token: bidder,
      payload: { question: 'Too late?' },
    });
    expect(refused.body.code).toBe('CLARIFICATION_CUTOFF_PASSED');

    const own = await published({ clarification_cutoff: new Date(Date.now() + 5 * DAY).toISOString() });
    const ok = await call(app, 'POST', `/tenders/${own}/clarifications`, {
      token: bidder,
      payload: { question: 'Q1' },
    });
    expect(ok.status).toBe(201);
    await setDates(own, { clarificationCutoff: new Date(Date.now() - 1000) });
    const before = await rowCount(app, 'clarifications');
    const after = await call(app, 'POST', `/tenders/${own}/clarifications`, {
      token: bidder,
      payload: { question: 'Q2' },
    });
    expect(after.body.code).toBe('CLARIFICATION_CUTOFF_PASSED');
    expect(await rowCount(app, 'clarifications')).toBe(before);
    // The owner can still answer a question asked in time, until the deadline.
    const answer = await call(app, 'POST', `/tenders/${own}/clarifications/${ok.body.data.id}/answer`, {
      token: owner,
      payload: { answer: 'A1' },
    });
    expect(answer.status).toBe(200);

    const badCutoff = await call(app, 'POST', '/tenders', {
      token: owner,
      payload: {
        title: 'Cut-off after the deadline',
        start_date: new Date(Date.now() + 20 * DAY).toISOString(),
        end_date: new Date(Date.now() + 60 * DAY).toISOString(),
        deadline: new Date(Date.now() + 10 * DAY).toISOString(),
        clarification_cutoff: new Date(Date.now() + 11 * DAY).toISOString(),
      },
    });
    expect(badCutoff.status).toBe(422);

    const busy = await published();
    for (let i = 0; i < 10; i++) {
      const r = await call(app, 'POST', `/tenders/${busy}/clarifications`, {
        token: third,
        payload: { question: `Question ${i}` },
      });
      expect(r.status).toBe(201);
    }
    const eleventh = await call(app, 'POST', `/tenders/${busy}/clarifications`, {
      token: third,
      payload: { question: 'One more' },
    });
    expect(eleventh.body.code).toBe('TOO_MANY_OPEN_QUESTIONS');
  });

  it('a question racing a cut-off change: none is stored after the cut-off', async () => {
    const id = await published();
    const cutoffNow = new Date(Date.now() + 200).toISOString();
    const results = await Promise.all([
      call(app, 'POST', `/tenders/${id}/amendments`, {
        token: owner,
        payload: { reason: 'Questions close now', clarification_cutoff: cutoffNow },
      }),
      ...[bidder, other, third].map((token) =>
        call(app, 'POST', `/tenders/${id}/clarifications`, { token, payload: { question: 'Racing?' } }),
      ),
    ]);
    expect(results[0]!.status).toBe(201);
    for (const r of results.slice(1)) expect([201, 409]).toContain(r.status);
    const [t] = await app.ctx.database.db.select().from(tenders).where(eq(tenders.id, id));
    const qs = await app.ctx.database.db.select().from(clarifications).where(eq(clarifications.tenderId, id));
    for (const c of qs) expect(c.createdAt.getTime()).toBeLessThanOrEqual(t!.clarificationCutoff!.getTime());
    await new Promise((r) => setTimeout(r, 250));
    const afterCutoff = await call(app, 'POST', `/tenders/${id}/clarifications`, {
      token: bidder,
      payload: { question: 'Now?' },
    });
    expect(afterCutoff.body.code).toBe('CLARIFICATION_CUTOFF_PASSED');
  });
});

describe('amendments', () => {
  it('records only what changed, numbered, notifies participants and marks older proposals', async () => {
    const id = await published();
    expect((await bid(bidder, id, 90000)).status).toBe(201);
    expect(
      (
        await call(app, 'POST', `/tenders/${id}/clarifications`, {
          token: other,
          payload: { question: 'Scope?' },
        })
      ).status,
    ).toBe(201);
    const amend = (payload: Record<string, unknown>, token = owner) =>
      call(app, 'POST', `/tenders/${id}/amendments`, { token, payload });

    expect((await amend({ reason: 'x', description: 'Mine now' }, bidder)).body.code).toBe(
      'NOT_TENDER_OWNER',
    );
    expect((await amend({ description: 'No reason' })).status).toBe(422);
    const same = await amend({ reason: 'Nothing', description: 'Fit-out of the Doha office' });
    expect(same.body.code).toBe('AMENDMENT_WITHOUT_CHANGES');
    const backwards = await amend({
      reason: 'Dates',
      end_date: new Date(Date.now() + 5 * DAY).toISOString(),
    });
    expect(backwards.body.code).toBe('INVALID_TENDER_DATES');

    const [before] = await app.ctx.database.db.select().from(tenders).where(eq(tenders.id, id));
    const first = await amend({
      reason: 'Scope clarified',
      description: 'Fit-out incl. furniture',
      bond: 1000,
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      number: 1,
      reason: 'Scope clarified',
      deadlinePushed: false,
      changes: [
        { field: 'description', before: 'Fit-out of the Doha office', after: 'Fit-out incl. furniture' },
        { field: 'bond', before: 0, after: 1000 },
      ],
    });
    const t = (await call(app, 'GET', `/tenders/${id}`)).body.data;
    expect(t).toMatchObject({ amendmentCount: 1, description: 'Fit-out incl. furniture', bond: 1000 });
    expect(t.deadline).toBe(before!.deadline!.toISOString());
    for (const token of [bidder, other])
      expect(await titles(token)).toContain(`Tender amended (amendment 1)#${id}`);

    const mine = (await call(app, 'GET', '/proposals/mine', { token: bidder })).body.data.find(
      (p: { tender: { id: number } }) => p.tender.id === id,
    );
    expect(mine.predatesAmendment).toBe(true);
    // The bond raised by the amendment does not change what an existing proposal owes (documented decision).
    expect(mine.amountDue).toBe(0);

    // Close to the deadline: the deadline is pushed so that 3 working days are left.
    await setDates(id, { deadline: new Date(Date.now() + DAY), clarificationCutoff: null });
    const second = await amend({ reason: 'New drawings', description: 'Fit-out with drawings v2' });
    expect(second.body.data).toMatchObject({ number: 2, deadlinePushed: true });
    const pushed = new Date((await call(app, 'GET', `/tenders/${id}`)).body.data.deadline).getTime();
    expect(pushed).toBeGreaterThanOrEqual(addWorkingDays(Date.now(), 3).getTime() - 60_000);
    expect(pushed).toBeLessThanOrEqual(addWorkingDays(Date.now(), 3).getTime() + 1000);
    expect(await titles(other)).toContain(`Tender amended (amendment 2)#${id}`);
    // An owner asking for a deadline sooner than the rule allows gets the rule's.
    await setDates(id, { deadline: new Date(Date.now() + 2 * DAY) });
    const sooner = await amend({ reason: 'Hurry', deadline: new Date(Date.now() + DAY).toISOString() });
    expect(sooner.body.data.deadlinePushed).toBe(true);

    const history = (await call(app, 'GET', `/tenders/${id}/amendments`)).body.data;
    expect(history.map((a: { number: number }) => a.number)).toEqual([3, 2, 1]);

    // Resubmitting after the amendment clears the mark.
    const again = await resubmit(bidder, mine.id, id, 85000);
    expect(again.status).toBe(200);
    expect(again.body.data.proposal.predatesAmendment).toBe(false);
  });

  it('changes the standstill days as an amendment change, bidders told; out of 0–30 refused in both languages', async () => {
    const id = await published({ standstillDays: 5 });
    expect((await bid(bidder, id, 90000)).status).toBe(201);
    const amend = (payload: Record<string, unknown>, headers = {}) =>
      call(app, 'POST', `/tenders/${id}/amendments`, { token: owner, payload, headers });
    const tooLong = await amend({ reason: 'Longer', standstillDays: 31 });
    expect([tooLong.status, tooLong.body.message]).toEqual([
      422,
      'standstillDays: The standstill is a whole number of working days from 0 to 30.',
    ]);
    const tooLongAr = await amend({ reason: 'Longer', standstillDays: 2.5 }, ar);
    expect(tooLongAr.status).toBe(422);
    expect(tooLongAr.body.message).toBe(
      'يرجى التحقق من المدخلات — standstillDays: فترة التوقف عدد صحيح من أيام العمل بين 0 و30.',
    );
    expect((await amend({ reason: 'Same', standstillDays: 5 })).body.code).toBe('AMENDMENT_WITHOUT_CHANGES');

    const made = await amend({ reason: 'Time to object', standstillDays: 10 });
    expect(made.status).toBe(201);
    expect(made.body.data.changes).toEqual([{ field: 'standstillDays', before: 5, after: 10 }]);
    expect((await call(app, 'GET', `/tenders/${id}`)).body.data.standstillDays).toBe(10);
    expect(await titles(bidder)).toContain(`Tender amended (amendment 1)#${id}`);
  });

  it('refuses an amendment that comes to nothing once the deadline rule applied (minutes compared)', async () => {
    const id = await published();
    expect((await bid(bidder, id, 90000)).status).toBe(201);
    // The clock stands still (mid-minute) so that "seconds later" is exact.
    const base = Math.floor(Date.now() / 60_000) * 60_000 + 20_000;
    vi.useFakeTimers({ toFake: ['Date'], now: base });
    try {
      await setDates(id, { deadline: new Date(base + DAY), clarificationCutoff: null });
      const amend = (deadline: number, headers = {}) =>
        call(app, 'POST', `/tenders/${id}/amendments`, {
          token: owner,
          payload: { reason: 'Hurry', deadline: new Date(deadline).toISOString() },
          headers,
        });
      const first = await amend(base + 2 * DAY);
      expect(first.body.data).toMatchObject({ number: 1, deadlinePushed: true });
      const [pushed] = await app.ctx.database.db.select().from(tenders).where(eq(tenders.id, id));
      expect(pushed!.deadline!.getTime()).toBe(addWorkingDays(base, 3).getTime());
      // Five seconds later the same request would move the deadline by five seconds: no change a user sees.
      vi.setSystemTime(base + 5_000);
      const again = await amend(base + 2 * DAY, ar);
      expect(again.status).toBe(422);
      expect(again.body).toMatchObject({
        code: 'AMENDMENT_WITHOUT_CHANGES',
        message: 'يجب أن يغيّر التعديل حقلاً واحداً على الأقل',
      });
      const en = await amend(base + 2 * DAY);
      expect(en.body.message).toBe('An amendment must change at least one field');
      const [after] = await app.ctx.database.db.select().from(tenders).where(eq(tenders.id, id));
      expect(after).toMatchObject({ amendmentCount: 1, deadline: pushed!.deadline });
      const told = (await titles(bidder)).filter(
        (x) => x.startsWith('Tender amended') && x.endsWith(`#${id}`),
      );
      expect(told).toEqual([`Tender amended (amendment 1)#${id}`]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses amendments after the deadline and on ended tenders', async () => {
    const id = await published();
    await openBids(id);
    const r = await call(app, 'POST', `/tenders/${id}/amendments`, {
      token: owner,
      payload: { reason: 'Late', description: 'Changed' },
      headers: ar,
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'DEADLINE_PASSED', message: 'انتهى الموعد النهائي لهذه المناقصة' });
  });
});

/** A Qatar time on a day. */
const qa = (day: string, time = '10:00') => new Date(`${day}T${time}:00+03:00`);

describe('Qatar working days in the deadline rules', () => {
  /** The clock at `at` (Date only), with the people signed in at that time. */
  async function at(when: Date) {
    vi.useFakeTimers({ toFake: ['Date'], now: when });
    const [o, b, a] = await Promise.all([login(app, OWNER), login(app, BIDDER), login(app, ADMIN)]);
    return { owner: o, bidder: b, admin: a };
  }

  it('the default cut-off is 3 working days before the deadline, over Eid al-Fitr 2027; a question after it is refused', async () => {
    try {
      const people = await at(qa('2027-03-01'));
      // Deadline Monday 15 March 2027; Eid al-Fitr is expected on 9–11 March: Sunday 14, Monday 8, Sunday 7.
      const id = await publishedTender(app, people, { deadline: qa('2027-03-15').toISOString() });
      const t = (await call(app, 'GET', `/tenders/${id}`)).body.data;
      expect(t.clarificationCutoff).toBe(qa('2027-03-07').toISOString());
      // Counted in calendar days the cut-off would be Friday 12 March: questions stop on the 7th.
      vi.setSystemTime(qa('2027-03-07', '09:59'));
      const inTime = await call(app, 'POST', `/tenders/${id}/clarifications`, {
        token: people.bidder,
        payload: { question: 'Before Eid?' },
      });
      expect(inTime.status).toBe(201);
      vi.setSystemTime(qa('2027-03-07', '10:01'));
      const late = await call(app, 'POST', `/tenders/${id}/clarifications`, {
        token: people.bidder,
        payload: { question: 'After the cut-off?' },
        headers: ar,
      });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({
        code: 'CLARIFICATION_CUTOFF_PASSED',
        message: 'انتهت فترة الاستفسارات لهذه المناقصة',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("an owner's cut-off on National Day 2028 (a Monday) stops questions at the same time on Sunday", async () => {
    try {
      const people = await at(qa('2028-12-14'));
      const id = await publishedTender(app, people, {
        deadline: qa('2028-12-28').toISOString(),
        clarification_cutoff: qa('2028-12-18', '13:00').toISOString(),
      });
      const t = (await call(app, 'GET', `/tenders/${id}`)).body.data;
      expect(t.clarificationCutoff).toBe(qa('2028-12-17', '13:00').toISOString());
      vi.setSystemTime(qa('2028-12-17', '13:01'));
      const late = await call(app, 'POST', `/tenders/${id}/clarifications`, {
        token: people.bidder,
        payload: { question: 'On National Day?' },
      });
      expect(late.body.code).toBe('CLARIFICATION_CUTOFF_PASSED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('an amendment on the Thursday before Eid al-Adha 2029 leaves 3 working days: the deadline moves to the Sunday after', async () => {
    try {
      const people = await at(qa('2029-04-19'));
      const id = await publishedTender(app, people, { deadline: qa('2029-05-10').toISOString() });
      // Sunday 22 April: 3 calendar days away, but Eid al-Adha is expected on 24–26 April.
      await setDates(id, { deadline: qa('2029-04-22'), clarificationCutoff: null });
      const r = await call(app, 'POST', `/tenders/${id}/amendments`, {
        token: people.owner,
        payload: { reason: 'Drawings', description: 'Fit-out with drawings v2' },
      });
      expect(r.body.data).toMatchObject({ deadlinePushed: true });
      expect((await call(app, 'GET', `/tenders/${id}`)).body.data.deadline).toBe(
        qa('2029-04-29').toISOString(),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('comparison', () => {
  it('shows the owner only the count before the deadline, then every latest version, sorted', async () => {
    const { id, ps } = await withThreeBids();
    const cmp = (query: Record<string, string> = {}, token = owner) =>
      call(app, 'GET', `/tenders/${id}/comparison`, { token, query });
    expect((await cmp()).body.data).toMatchObject({
      sealed: true,
      proposalCount: 3,
      rows: [],
      state: 'published',
    });
    expect((await call(app, 'GET', `/tenders/${id}/comparison.csv`, { token: owner })).body.code).toBe(
      'BIDS_NOT_OPENED',
    );
    expect((await cmp({}, bidder)).body.code).toBe('NOT_TENDER_OWNER');
    // The buyer side's reads are a member's routes (`company|self`): a platform admin's role is refused.
    expect((await cmp({}, admin)).status).toBe(403);
    // The third bidder improves the offer before the deadline: the comparison shows version 2.
    expect((await resubmit(third, ps[2]!, id, 150000)).status).toBe(200);
    await openBids(id);

    const open = (await cmp()).body.data;
    expect(open).toMatchObject({ sealed: false, proposalCount: 3, state: 'bids_opened' });
    expect(open.rows.map((r: { offerPrice: number }) => r.offerPrice)).toEqual([100000, 150000, 300000]);
    expect(open.rows[1]).toMatchObject({
      proposalId: ps[2],
      bidder: { name: 'Omar Nasser' },
      currency: 'QAR',
      period: 90,
      milestones: { count: 1, total: 150000 },
      paymentTerms: '30_days',
      paymentStatus: 'not_required',
      documentCount: 1,
      version: 2,
      evaluation: null,
    });
    expect(open.rows[1].submittedAt).toMatch(/^\d{4}-/);
    const desc = (await cmp({ sort: 'offerPrice', order: 'desc' })).body.data.rows;
    expect(desc.map((r: { offerPrice: number }) => r.offerPrice)).toEqual([300000, 150000, 100000]);
    const byBidder = (await cmp({ sort: 'bidder' })).body.data.rows.map(
      (r: { bidder: { name: string; companyName: string | null } }) => r.bidder.companyName ?? r.bidder.name,
    );
    expect(byBidder).toEqual([...byBidder].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await cmp({ sort: 'nonsense' })).status).toBe(422);

    const csv = await call(app, 'GET', `/tenders/${id}/comparison.csv`, { token: owner });
    expect(csv.status).toBe(200);
    expect(csv.res.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.res.headers['content-disposition']).toMatch(
      /attachment; filename="BWB-\d{4}-\d+-comparison\.csv"/,
    );
    const lines = csv.res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(csv.res.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toMatch(/^Bidder,Company,Offer price,Currency,/);
    expect(lines).toHaveLength(4);
    // Price, currency, no best and final offer, period.
    expect(lines[1]).toContain(',100000,QAR,,90,');
    const arabic = await call(app, 'GET', `/tenders/${id}/comparison.csv`, { token: owner, headers: ar });
    expect(arabic.res.body.replace(/^\uFEFF/, '').split('\n')[0]).toMatch(/^المتقدم,الشركة,سعر العرض/);
    expect((await call(app, 'GET', `/tenders/${id}/comparison.csv`, { token: bidder })).status).toBe(409);
  });

  it('neutralises spreadsheet formulas that bidders typed', () => {
    const row = {
      proposalId: 1,
      bidder: { id: 1, name: '=HYPERLINK("http://evil")', companyName: '+cmd' },
      offerPrice: 5,
      currency: 'QAR',
      period: 1,
      milestones: { count: 0, total: 0, firstStart: null, lastEnd: null },
      paymentTerms: '30_days',
      paymentStatus: 'not_required',
      documentCount: 1,
      attachment: 'x',
      submittedAt: '2026-01-01T00:00:00.000Z',
      version: 1,
      evaluation: 'not_responsive',
      evaluationReason: '@SUM(A1)',
      predatesAmendment: false,
    } as const;
    const out = comparisonCsv(
      {
        sealed: false,
        proposalCount: 1,
        state: 'bids_opened',
        awardedProposalId: null,
        rows: [row],
      } as never,
      'en',
    );
    const cells = out.split('\n')[1]!;
    expect(cells).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(cells).toContain("'+cmd");
    expect(cells).toContain("'@SUM(A1)");
  });
});

describe('evaluation and award', () => {
  it('shortlists, refuses awarding a non-responsive proposal, awards one and tells everyone', async () => {
    const { id, ps } = await withThreeBids();
    const evaluate = (p: number, payload: Record<string, unknown>) =>
      call(app, 'POST', `/tenders/${id}/proposals/${p}/evaluation`, { token: owner, payload });
    expect((await evaluate(ps[0]!, { evaluation: 'shortlisted' })).body.code).toBe('BIDS_NOT_OPENED');
    expect(
      (await call(app, 'POST', `/tenders/${id}/award`, { token: owner, payload: { proposalId: ps[0] } })).body
        .code,
    ).toBe('BIDS_NOT_OPENED');
    await openBids(id);
    expect((await evaluate(ps[0]!, { evaluation: 'not_responsive' })).status).toBe(422);
    expect((await evaluate(99999, { evaluation: 'shortlisted' })).status).toBe(404);
    expect((await evaluate(ps[0]!, { evaluation: 'not_responsive', reason: 'No references' })).status).toBe(
      200,
    );
    expect((await evaluate(ps[1]!, { evaluation: 'shortlisted' })).status).toBe(200);
    expect((await evaluate(ps[2]!, { evaluation: 'shortlisted' })).status).toBe(200);
    expect(
      (
        await call(app, 'POST', `/tenders/${id}/proposals/${ps[1]}/evaluation`, {
          token: bidder,
          payload: { evaluation: 'shortlisted' },
        })
      ).body.code,
    ).toBe('NOT_TENDER_OWNER');
    // The bidder does not see the owner's evaluation of their proposal.
    const own = await call(app, 'GET', `/proposals/${ps[0]}`, { token: bidder });
    expect(own.body.data.evaluation).toBeNull();
    const rows = (await call(app, 'GET', `/tenders/${id}/comparison`, { token: owner })).body.data.rows;
    expect(rows.map((r: { evaluation: string }) => r.evaluation)).toEqual([
      'shortlisted',
      'shortlisted',
      'not_responsive',
    ]);

    const refused = await call(app, 'POST', `/tenders/${id}/award`, {
      token: owner,
      payload: { proposalId: ps[0] },
    });
    expect(refused.body.code).toBe('PROPOSAL_NOT_RESPONSIVE');
    const stranger = await call(app, 'POST', `/tenders/${id}/award`, {
      token: bidder,
      payload: { proposalId: ps[1] },
    });
    expect(stranger.body.code).toBe('NOT_TENDER_OWNER');

    const awarded = await call(app, 'POST', `/tenders/${id}/award`, {
      token: owner,
      payload: { proposalId: ps[1], note: 'Best value; negotiation on 1 Dec' },
    });
    expect(awarded.status).toBe(200);
    expect(awarded.body.data).toMatchObject({
      state: 'awarded',
      outcome: {
        status: 'awarded',
        note: 'Best value; negotiation on 1 Dec',
        winner: { name: 'Qatar Build Contracting', nameLang: 'en' },
      },
    });
    const pub = (await call(app, 'GET', `/tenders/${id}`)).body.data;
    expect(pub.outcome).toMatchObject({ status: 'awarded', note: null });
    // Public: the winner's company name (Mariam's company), never the owner's private note.
    expect(pub.outcome.winner).toEqual({ name: 'Qatar Build Contracting', nameLang: 'en' });
    // An Arabic reader gets the company's Arabic name, marked as such.
    const pubAr = (await call(app, 'GET', `/tenders/${id}`, { headers: { 'accept-language': 'ar' } })).body
      .data;
    expect(pubAr.outcome.winner).toEqual({ name: 'قطر للبناء والمقاولات', nameLang: 'ar' });
    expect(pub.outcome.at).toMatch(/^\d{4}-/);

    const outcomeOf = async (token: string) =>
      (await call(app, 'GET', '/proposals/mine', { token })).body.data.find(
        (p: { tender: { id: number } }) => p.tender.id === id,
      ).outcome;
    expect(await outcomeOf(other)).toBe('awarded');
    expect(await outcomeOf(bidder)).toBe('unsuccessful');
    expect(await outcomeOf(third)).toBe('unsuccessful');
    expect(await titles(other)).toContain(`Your proposal won#${id}`);
    // The award notice gives the amount in figures and in words, in the reader's language.
    const notice = async (headers = {}) =>
      (
        (await call(app, 'GET', '/notification', { token: other, headers })).body.data as {
          content: string;
          tender?: { id: number };
        }[]
      ).find((n) => n.tender?.id === id)?.content ?? '';
    expect(strip(await notice())).toContain('for QAR 100,000.00 (One hundred thousand Qatari riyals only)');
    expect(strip(await notice(ar))).toContain('بمبلغ ١٠٠٬٠٠٠٫٠٠ ريال قطري (فقط مائة ألف ريال قطري لا غير)');
    expect(await titles(bidder)).toContain(`Tender awarded to another bidder#${id}`);
    expect(await titles(admin)).toContain(`Tender awarded#${id}`);

    for (const path of ['award', 'no-award', 'cancel']) {
      const r = await call(app, 'POST', `/tenders/${id}/${path}`, {
        token: owner,
        payload: { proposalId: ps[2], reason: 'Again' },
      });
      expect(r.body.code, path).toBe('TENDER_ENDED');
    }
    expect((await evaluate(ps[2]!, { evaluation: 'not_responsive', reason: 'Late' })).body.code).toBe(
      'TENDER_ENDED',
    );

    const history = (await call(app, 'GET', `/tenders/${id}/history`, { token: owner })).body.data as {
      action: string;
      toState: string;
      actor: { name: string } | null;
    }[];
    expect(history.map((e) => e.action)).toEqual([
      'created',
      'submitted',
      'approved',
      'bids_opened',
      'not_responsive',
      'shortlisted',
      'shortlisted',
      'awarded',
    ]);
    expect(history.find((e) => e.action === 'bids_opened')!.actor).toBeNull();
    expect(history.at(-1)).toMatchObject({ toState: 'awarded', actor: { name: 'Khalid Al-Thani' } });
    expect((await call(app, 'GET', `/tenders/${id}/history`, { token: admin })).status).toBe(200);
    expect((await call(app, 'GET', `/tenders/${id}/history`, { token: bidder })).status).toBe(409);

    const listed = (await call(app, 'GET', '/tenders', { query: { state: 'awarded', limit: '100' } })).body
      .data.items;
    expect(listed.map((t: { id: number }) => t.id)).toContain(id);
    for (const t of listed) expect(t.state).toBe('awarded');
  });

  it('two awards at once: exactly one wins, the other gets 409 and nothing is half-written', async () => {
    const { id, ps } = await withThreeBids();
    await openBids(id);
    await recordBidOpenings(app.ctx.database.db, id);
    const before = await rowCount(app, 'tender_events');
    const [a, b] = await Promise.all([
      call(app, 'POST', `/tenders/${id}/award`, { token: owner, payload: { proposalId: ps[0] } }),
      call(app, 'POST', `/tenders/${id}/award`, { token: owner, payload: { proposalId: ps[1] } }),
    ]);
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    const loser = a!.status === 409 ? a! : b!;
    expect(loser.body.code).toBe('TENDER_ENDED');
    const winner = (a!.status === 200 ? a! : b!).body.data;
    const [row] = await app.ctx.database.db.select().from(tenders).where(eq(tenders.id, id));
    expect(row!.awardedProposalId).toBe(winner.outcome && (a!.status === 200 ? ps[0] : ps[1]));
    expect(await rowCount(app, 'tender_events')).toBe(before + 1);
  });

  it('an award racing a resubmission: the deadline decides, one of them is refused', async () => {
    // Before the deadline the resubmission wins and the award is refused ...
    const early = await withThreeBids();
    const [award1, resub1] = await Promise.all([
      call(app, 'POST', `/tenders/${early.id}/award`, { token: owner, payload: { proposalId: early.ps[0] } }),
      resubmit(bidder, early.ps[0]!, early.id, 250000),
    ]);
    expect(award1!.body.code).toBe('BIDS_NOT_OPENED');
    expect(resub1!.status).toBe(200);
    // ... after it the award wins and the late resubmission is refused, leaving the awarded version as it was.
    const late = await withThreeBids();
    await openBids(late.id);
    const [award2, resub2] = await Promise.all([
      call(app, 'POST', `/tenders/${late.id}/award`, { token: owner, payload: { proposalId: late.ps[0] } }),
      resubmit(bidder, late.ps[0]!, late.id, 250000),
    ]);
    expect(award2!.status).toBe(200);
    expect(['DEADLINE_PASSED', 'TENDER_ENDED']).toContain(resub2!.body.code);
    const p = (await call(app, 'GET', `/proposals/${late.ps[0]}`, { token: bidder })).body.data;
    expect(p).toMatchObject({ currentVersion: 1, outcome: 'awarded' });
  });
});

describe('no award and cancellation', () => {
  it('closes without award only after bid opening, with a public reason', async () => {
    const { id } = await withThreeBids();
    const noAward = (payload: Record<string, unknown>) =>
      call(app, 'POST', `/tenders/${id}/no-award`, { token: owner, payload });
    expect((await noAward({ reason: 'Over budget' })).body.code).toBe('BIDS_NOT_OPENED');
    await openBids(id);
    expect((await noAward({ reason: '' })).status).toBe(422);
    const r = await noAward({ reason: 'All offers over budget' });
    expect(r.body.data).toMatchObject({ state: 'no_award', outcome: { status: 'no_award', winner: null } });
    const pub = (await call(app, 'GET', `/tenders/${id}`)).body.data;
    expect(pub.outcome).toMatchObject({ status: 'no_award', note: 'All offers over budget' });
    const mine = (await call(app, 'GET', '/proposals/mine', { token: bidder })).body.data.find(
      (p: { tender: { id: number } }) => p.tender.id === id,
    );
    expect(mine.outcome).toBe('no_award');
    expect(await titles(third)).toContain(`Tender closed without award#${id}`);
    expect(await titles(admin)).toContain(`Tender closed without award#${id}`);
  });

  it('cancels a published tender before its deadline; nothing can be done to it after', async () => {
    const id = await published();
    expect((await bid(bidder, id, 1000)).status).toBe(201);
    const interestOn = await published({ status: 'closed' });
    expect(
      (await call(app, 'POST', '/interests', { token: other, payload: { tender: interestOn } })).status,
    ).toBe(201);

    const cancel = (tender: number, payload: Record<string, unknown>, token = owner) =>
      call(app, 'POST', `/tenders/${tender}/cancel`, { token, payload });
    expect((await cancel(id, { reason: 'Mine' }, bidder)).body.code).toBe('NOT_TENDER_OWNER');
    expect((await cancel(id, {})).status).toBe(422);
    const r = await cancel(id, { reason: 'Budget withdrawn' });
    expect(r.body.data).toMatchObject({
      state: 'cancelled',
      outcome: { status: 'cancelled', note: 'Budget withdrawn' },
    });
    expect(await titles(bidder)).toContain(`Tender cancelled#${id}`);
    expect((await cancel(interestOn, { reason: 'Postponed' })).status).toBe(200);
    expect(await titles(other)).toContain(`Tender cancelled#${interestOn}`);

    const refusals = [
      await bid(third, id, 1000),
      await call(app, 'POST', '/interests', { token: third, payload: { tender: interestOn } }),
      await call(app, 'POST', `/tenders/${id}/clarifications`, {
        token: third,
        payload: { question: 'Why?' },
      }),
      await call(app, 'POST', `/tenders/${id}/amendments`, {
        token: owner,
        payload: { reason: 'Revive', description: 'Again' },
      }),
    ];
    for (const x of refusals) expect(x.body.code).toBe('TENDER_ENDED');
    const ar409 = await bid(third, id, 1000);
    expect(ar409.status).toBe(409);
    const inArabic = await call(app, 'POST', `/tenders/${id}/clarifications`, {
      token: third,
      payload: { question: 'Why?' },
      headers: ar,
    });
    expect(inArabic.body.message).toBe('انتهت هذه المناقصة: تمت ترسيتها أو إغلاقها دون ترسية أو إلغاؤها');

    // The history shows no bid opening for a tender cancelled before its deadline (which has passed since).
    await new Promise((r) => setTimeout(r, 20));
    await setDates(id, { deadline: new Date(Date.now() - 5) });
    const history = (await call(app, 'GET', `/tenders/${id}/history`, { token: owner })).body.data;
    expect(history.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'submitted',
      'approved',
      'cancelled',
    ]);
    const cancelled = (await call(app, 'GET', '/tenders', { query: { state: 'cancelled', limit: '100' } }))
      .body.data.items;
    expect(cancelled.map((t: { id: number }) => t.id)).toEqual(expect.arrayContaining([id, interestOn]));
  });

  it('refuses a draft’s cancellation and bids after the deadline', async () => {
    const draft = await call(app, 'POST', '/tenders', {
      token: owner,
      payload: {
        title: 'Draft only',
        start_date: new Date(Date.now() + 20 * DAY).toISOString(),
        end_date: new Date(Date.now() + 60 * DAY).toISOString(),
        deadline: new Date(Date.now() + 10 * DAY).toISOString(),
      },
    });
    const r = await call(app, 'POST', `/tenders/${draft.body.data.id}/cancel`, {
      token: owner,
      payload: { reason: 'Never mind' },
    });
    expect(r.body.code).toBe('TENDER_INVALID_STATE');
    const past = await published({ status: 'closed' });
    await openBids(past);
    const interest = await call(app, 'POST', '/interests', {
      token: bidder,
      payload: { tender: past },
      headers: ar,
    });
    expect(interest.body).toMatchObject({
      code: 'DEADLINE_PASSED',
      message: 'انتهى الموعد النهائي لهذه المناقصة',
    });
  });
});

describe('the demo seed', () => {
  it('holds tenders in every lifecycle state, with questions, an amendment and an evaluated award', async () => {
    const ids: Record<string, number> = {};
    for (const state of ['published', 'bids_opened', 'awarded', 'no_award', 'cancelled']) {
      const items = (await call(app, 'GET', '/tenders', { query: { state, limit: '100' } })).body.data.items;
      expect(items.length, state).toBeGreaterThan(0);
      // The oldest of the demo owner's (the tests above add newer ones).
      ids[state] = items
        .filter((t: { user: { name: string } }) => t.user.name === 'Khalid Al-Thani')
        .at(-1)?.id;
    }
    const awarded = (await call(app, 'GET', `/tenders/${ids.awarded}`)).body.data;
    expect(awarded.outcome).toMatchObject({ status: 'awarded', winner: { name: expect.any(String) } });
    const rows = (await call(app, 'GET', `/tenders/${ids.awarded}/comparison`, { token: owner })).body.data
      .rows;
    expect(rows.map((r: { evaluation: string }) => r.evaluation).sort()).toEqual([
      'not_responsive',
      'shortlisted',
      'shortlisted',
    ]);
    const history = (await call(app, 'GET', `/tenders/${ids.awarded}/history`, { token: owner })).body.data;
    expect(history.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['created', 'approved', 'bids_opened', 'awarded']),
    );
    const amended = (await call(app, 'GET', '/tenders/mine', { token: owner })).body.data.items
      .filter(
        (t: { amendmentCount: number; state: string }) => t.amendmentCount > 0 && t.state === 'published',
      )
      .at(-1);
    const qa = (await call(app, 'GET', `/tenders/${amended.id}/clarifications`)).body.data;
    expect(qa.length).toBeGreaterThan(0);
    for (const c of qa) expect(c.answer).not.toBeNull();
    const omar = (await call(app, 'GET', '/proposals/mine', { token: third })).body.data;
    expect(omar.find((p: { tender: { id: number } }) => p.tender.id === amended.id).predatesAmendment).toBe(
      true,
    );
    expect(omar.map((p: { outcome: string | null }) => p.outcome)).toEqual(
      expect.arrayContaining(['unsuccessful', 'no_award', 'cancelled']),
    );
  });
});
