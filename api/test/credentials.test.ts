import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCredentials, credentialNotices, mailOutbox, notifications } from '../src/db/schema.ts';
import { sweepCredentials } from '../src/modules/credentials/sweep.ts';
import { DAY, daysFromNow, proposalBody, publishedTender } from './fixtures.ts';
import {
  ADMIN,
  call,
  login,
  makeApp,
  newMember,
  OTHER,
  OWNER,
  SAMPLE_PDF,
  secondApp,
  type TestApp,
  upload,
} from './helpers.ts';

/**
 * Credentials (docs/product-decisions.md "Credentials"): a company's administrators upload them, platform admins
 * verify or reject them, verified and unexpired ones are public badges; the hourly sweep expires them and reminds
 * the company 60, 30 and 7 days before, each notice once however many processes sweep; a tender may require kinds.
 */

let app: TestApp;
let admin: string;
let bidder: string;
let owner: string;
let other: string;
let bidderCompany: number;

beforeAll(async () => {
  app = await makeApp();
  // The bidding side: Qatar Build Contracting, whose founder administers it; `other` administers Gulf Star.
  [admin, bidder, owner, other] = await Promise.all([
    login(app, ADMIN),
    login(app, OTHER),
    login(app, OWNER),
    login(app, 'omar@gulfstar.qa'),
  ]);
  bidderCompany = (await call(app, 'GET', '/companies/mine', { token: bidder })).body.data.id;
}, 120_000);
afterAll(() => app.cleanup());

const day = (offsetDays: number) => daysFromNow(offsetDays).slice(0, 10);

async function uploadCredential(token: string, patch: Record<string, unknown> = {}) {
  const file = await upload(app, token, 'credential-document', 'cr.pdf', SAMPLE_PDF);
  expect(file.status).toBe(201);
  return call(app, 'POST', '/credentials', {
    token,
    payload: {
      kind: 'commercial_registration',
      title: 'CR 123456',
      issuer: 'Ministry of Commerce and Industry',
      issuedOn: day(-300),
      expiresOn: day(400),
      fileId: file.body.data.id,
      ...patch,
    },
  });
}

const verify = (id: number) => call(app, 'POST', `/admin/credentials/${id}/verify`, { token: admin });

const noticesOf = (credentialTitle: string) =>
  app.ctx.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.link, '/account/credentials'),
        sql`${notifications.content} like ${`%${credentialTitle}%`}`,
      ),
    );

describe('upload, verify, reject', () => {
  it("a company's administrator uploads a credential: pending, listed to them and in the admins' queue, no badge yet", async () => {
    const up = await uploadCredential(bidder, { title: 'CR pending-1' });
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({
      kind: 'commercial_registration',
      title: 'CR pending-1',
      status: 'pending',
      expiresOn: day(400),
      verifiedAt: null,
    });
    const mine = await call(app, 'GET', '/credentials', { token: bidder });
    expect(mine.body.data.map((c: { id: number }) => c.id)).toContain(up.body.data.id);
    const queue = await call(app, 'GET', '/admin/credentials', { token: admin });
    expect(queue.status).toBe(200);
    expect(queue.body.data.find((c: { id: number }) => c.id === up.body.data.id)).toMatchObject({
      company: { id: bidderCompany },
    });
    const page = await call(app, 'GET', `/companies/${bidderCompany}`, { token: owner });
    expect(page.body.data.credentials.map((b: { title: string }) => b.title)).not.toContain('CR pending-1');
    // Another company's administrator does not see it, nor its document.
    const theirs = await call(app, 'GET', '/credentials', { token: other });
    expect(theirs.body.data.map((c: { id: number }) => c.id)).not.toContain(up.body.data.id);
    const doc = await call(app, 'GET', `/files/${up.body.data.file.id}`, { token: other });
    expect(doc.status).toBe(404);
    expect((await call(app, 'GET', `/files/${up.body.data.file.id}`, { token: admin })).status).toBe(200);
  });

  it('an admin verifies it: a dated badge on the company page and the directory card, an audit entry, a notice to the company', async () => {
    const up = await uploadCredential(bidder, { title: 'CR verified-1' });
    const v = await verify(up.body.data.id);
    expect(v.status).toBe(200);
    expect(v.body.data).toMatchObject({ status: 'verified', company: { id: bidderCompany } });
    const page = await call(app, 'GET', `/companies/${bidderCompany}`, { token: owner });
    expect(page.body.data.credentials).toContainEqual({
      kind: 'commercial_registration',
      title: 'CR verified-1',
      issuer: 'Ministry of Commerce and Industry',
      issuedOn: day(-300),
      expiresOn: day(400),
    });
    const audit = await call(app, 'GET', '/admin/audit', { token: admin, query: { limit: '100' } });
    expect(audit.body.data.items ?? audit.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'credential.verify',
          target: { type: 'credential', id: up.body.data.id, label: 'CR verified-1' },
        }),
      ]),
    );
    const told = await noticesOf('CR verified-1');
    expect(told.map((n) => n.title)).toContain('Credential verified');
    expect(told[0]!.titleAr).toBe('تم التحقق من الوثيقة');
    // Deciding again is refused, in the caller's language.
    const again = await call(app, 'POST', `/admin/credentials/${up.body.data.id}/reject`, {
      token: admin,
      payload: { reason: 'late' },
      headers: { 'accept-language': 'ar' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'CREDENTIAL_NOT_PENDING',
      message: 'تم التحقق من هذه الوثيقة أو رفضها مسبقاً',
    });
  });

  it('masking: anonymous callers see the badge kind and dates, never the texts the company typed', async () => {
    const up = await uploadCredential(bidder, { title: 'CR masked-1', issuer: 'Issuer masked-1' });
    await verify(up.body.data.id);
    const page = await call(app, 'GET', `/companies/${bidderCompany}`);
    expect(page.body.data.masked).toBe(true);
    expect(page.body.data.credentials.length).toBeGreaterThan(0);
    for (const b of page.body.data.credentials) expect(b).toMatchObject({ title: null, issuer: null });
    expect(JSON.stringify(page.body.data)).not.toContain('masked-1');
    const dir = await call(app, 'GET', '/companies', { query: { limit: '100' } });
    const card = dir.body.data.items.find((c: { id: number }) => c.id === bidderCompany);
    expect(card.credentials.length).toBeGreaterThan(0);
    expect(JSON.stringify(dir.body.data)).not.toContain('masked-1');
    // Signed in, the card shows the texts.
    const signed = await call(app, 'GET', '/companies', { token: owner, query: { limit: '100' } });
    const named = signed.body.data.items.find((c: { id: number }) => c.id === bidderCompany);
    expect(named.credentials.map((b: { title: string }) => b.title)).toContain('CR masked-1');
  });

  it('an admin rejects one with a reason: the company is told it, in English and Arabic', async () => {
    const up = await uploadCredential(bidder, { title: 'CR rejected-1', kind: 'tax_card' });
    const r = await call(app, 'POST', `/admin/credentials/${up.body.data.id}/reject`, {
      token: admin,
      payload: { reason: 'The scan is unreadable' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'rejected', rejectionReason: 'The scan is unreadable' });
    const told = await noticesOf('CR rejected-1');
    expect(told[0]!.content).toContain('The scan is unreadable');
    expect(told[0]!.contentAr).toContain('لم يتم التحقق من البطاقة الضريبية');
    const audit = await call(app, 'GET', '/admin/audit', { token: admin, query: { limit: '100' } });
    expect(audit.body.data.items ?? audit.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'credential.reject', reason: 'The scan is unreadable' }),
      ]),
    );
    const page = await call(app, 'GET', `/companies/${bidderCompany}`, { token: owner });
    expect(page.body.data.credentials.map((b: { title: string }) => b.title)).not.toContain('CR rejected-1');
  });

  it('refuses an expired credential, dates in the wrong order, a document not uploaded by the caller, a member who is not an administrator', async () => {
    const expired = await uploadCredential(bidder, { issuedOn: day(-400), expiresOn: day(-1) });
    expect(expired.status).toBe(409);
    expect(expired.body.code).toBe('CREDENTIAL_EXPIRED');
    const order = await uploadCredential(bidder, { issuedOn: day(10), expiresOn: day(5) });
    expect(order.status).toBe(422);
    const theirs = await upload(app, owner, 'credential-document', 'cr.pdf', SAMPLE_PDF);
    const foreign = await uploadCredential(bidder, { fileId: theirs.body.data.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe('INVALID_FILE_REFERENCE');
    const member = await newMember(app, bidder, 'cred-viewer@bawaba.qa', ['bidder']);
    const refused = await uploadCredential(member);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('COMPANY_ROLE_REQUIRED');
  });

  it('a badge is gone the moment its expiry passes, before any sweep marks it', async () => {
    const up = await uploadCredential(bidder, { title: 'CR lapse-1' });
    await verify(up.body.data.id);
    await app.ctx.database.db
      .update(companyCredentials)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyCredentials.id, up.body.data.id));
    const page = await call(app, 'GET', `/companies/${bidderCompany}`, { token: owner });
    expect(page.body.data.credentials.map((b: { title: string }) => b.title)).not.toContain('CR lapse-1');
  });
});

describe('the expiry sweep (fake clock, two app instances on one database)', () => {
  it('sends the 60, 30 and 7 day reminders and the expiry once each, then the badge is gone', async () => {
    const up = await uploadCredential(bidder, { title: 'CR sweep-1', expiresOn: day(90) });
    await verify(up.body.data.id);
    const id = up.body.data.id as number;
    const [row] = await app.ctx.database.db
      .select()
      .from(companyCredentials)
      .where(eq(companyCredentials.id, id));
    const at = (msBeforeExpiry: number) => new Date(row!.expiresAt.getTime() - msBeforeExpiry);
    const other = await secondApp(app);
    try {
      const sweepBoth = async (now: Date) => {
        await Promise.all([
          sweepCredentials(app.ctx, now),
          sweepCredentials(other.ctx, now),
          sweepCredentials(app.ctx, now),
        ]);
        // A restart sweeps again at the same time: nothing more.
        await sweepCredentials(other.ctx, now);
      };
      const titles = async () => (await noticesOf('CR sweep-1')).map((n) => n.title).sort();
      const before = await titles();
      await sweepBoth(at(61 * DAY));
      expect(await titles()).toEqual(before);
      await sweepBoth(at(59 * DAY));
      expect(await titles()).toEqual([...before, 'Credential expires in 60 days'].sort());
      await sweepBoth(at(45 * DAY));
      await sweepBoth(at(29 * DAY));
      await sweepBoth(at(6 * DAY));
      expect((await titles()).filter((t) => t.startsWith('Credential expires in'))).toEqual([
        'Credential expires in 30 days',
        'Credential expires in 60 days',
        'Credential expires in 7 days',
      ]);
      const seven = (await noticesOf('CR sweep-1')).find((n) => n.title === 'Credential expires in 7 days')!;
      expect(seven.titleAr).toBe('تنتهي صلاحية الوثيقة خلال 7 يومًا');
      // Still a badge until the expiry.
      let page = await call(app, 'GET', `/companies/${bidderCompany}`, { token: owner });
      expect(page.body.data.credentials.map((b: { title: string }) => b.title)).toContain('CR sweep-1');
      await sweepBoth(at(-3_600_000));
      expect((await titles()).filter((t) => t === 'Credential expired')).toHaveLength(1);
      const [after] = await app.ctx.database.db
        .select()
        .from(companyCredentials)
        .where(eq(companyCredentials.id, id));
      expect(after!.status).toBe('expired');
      page = await call(app, 'GET', `/companies/${bidderCompany}`, { token: owner });
      expect(page.body.data.credentials.map((b: { title: string }) => b.title)).not.toContain('CR sweep-1');
      const claimed = await app.ctx.database.db
        .select({ days: credentialNotices.days })
        .from(credentialNotices)
        .where(eq(credentialNotices.credentialId, id));
      expect(claimed.map((c) => c.days).sort((x, y) => x - y)).toEqual([0, 7, 30, 60]);
      // Each also mailed once (the administrator's email preference for the group is on).
      const mails = await app.ctx.database.db
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(sql`${mailOutbox.text} like ${'%CR sweep-1%'}`);
      expect(
        mails
          .map((m) => m.subject)
          .filter((m) => !m.includes('verified'))
          .sort(),
      ).toEqual(
        [
          'Credential expired',
          'Credential expires in 30 days',
          'Credential expires in 60 days',
          'Credential expires in 7 days',
        ].map((title) => expect.stringContaining(title)),
      );
    } finally {
      await other.cleanup();
    }
  });

  it('a credential verified 20 days before its expiry gets the 30-day reminder alone', async () => {
    const up = await uploadCredential(bidder, { title: 'CR late-1', expiresOn: day(20) });
    await verify(up.body.data.id);
    await sweepCredentials(app.ctx, new Date());
    await sweepCredentials(app.ctx, new Date());
    const told = (await noticesOf('CR late-1')).map((n) => n.title);
    expect(told.filter((t) => t.startsWith('Credential expires in'))).toEqual([
      'Credential expires in 30 days',
    ]);
  });
});

describe('a tender that requires credentials', () => {
  it('refuses a bidder whose company lacks a verified, unexpired credential of each kind; takes it once it has them', async () => {
    const tender = await publishedTender(
      app,
      { owner, admin },
      { requiredCredentials: ['classification_certificate', 'iso_certificate'] },
    );
    const shown = await call(app, 'GET', `/tenders/${tender}`, { token: bidder });
    expect(shown.body.data.requiredCredentials).toEqual(['iso_certificate', 'classification_certificate']);
    expect(shown.body.data.can.submitProposal).toBe(false);
    expect(shown.body.data.refusals.submitProposal).toBe('CREDENTIALS_REQUIRED');
    const file = await upload(app, bidder, 'proposal-attachment', 'offer.pdf', SAMPLE_PDF);
    const submit = () =>
      call(app, 'POST', '/proposals', {
        token: bidder,
        payload: proposalBody(tender, file.body.data.id),
        headers: { 'accept-language': 'ar' },
      });
    const refused = await submit();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'CREDENTIALS_REQUIRED',
      message: 'تتطلب هذه المناقصة وثائق لا تملكها شركتك بعد (موثّقة وغير منتهية الصلاحية)',
    });
    // One of two kinds, and a pending one, are not enough.
    const iso = await uploadCredential(bidder, { kind: 'iso_certificate', title: 'ISO 9001:2015' });
    await verify(iso.body.data.id);
    await uploadCredential(bidder, { kind: 'classification_certificate', title: 'Grade A pending' });
    expect((await submit()).body.code).toBe('CREDENTIALS_REQUIRED');
    const grade = await uploadCredential(bidder, { kind: 'classification_certificate', title: 'Grade A' });
    await verify(grade.body.data.id);
    const page = await call(app, 'GET', `/tenders/${tender}`, { token: bidder });
    expect(page.body.data.can.submitProposal).toBe(true);
    expect((await submit()).status).toBe(201);
  });
});
