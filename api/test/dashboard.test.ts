import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  companies,
  companyMembers,
  follows,
  proposals,
  services,
  tenders,
  users,
} from '../src/db/schema.ts';
import { createSession } from '../src/lib/auth.ts';
import { dashboardOf, monthStarts, weekStarts } from '../src/modules/dashboard/service.ts';
import { call, makeApp, type TestApp } from './helpers.ts';

/**
 * The dashboard's numbers on a small hand-made marketplace (no demo seed), so every aggregate is checked exactly,
 * and whose numbers each session gets: the marketplace for an admin, the active company's for its buyers and
 * administrators, a translated refusal for anyone else.
 */
let app: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const DAY = 86_400_000;
const now = new Date();
const [thisMonth, lastMonth] = monthStarts(now).slice(-2).reverse() as [string, string];
const weeks = weekStarts(now);
/** A Qatar day's midnight (UTC+3), plus `plusMs`. */
const at = (isoDay: string, plusMs = 0) => new Date(new Date(`${isoDay}T00:00:00+03:00`).getTime() + plusMs);

beforeAll(async () => {
  app = await makeApp({ seed: false });
  const db = app.ctx.database.db;
  const person = async (name: string, isAdmin = false) => {
    const [u] = await db
      .insert(users)
      .values({ name, email: `${name}@dash.qa`, isAdmin, verified: true })
      .returning({ id: users.id });
    return u!.id;
  };
  for (const name of ['admin', 'buyer', 'companyAdmin', 'viewer', 'loner', 'b1', 'b2', 'b3', 'other'])
    ids[name] = await person(name, name === 'admin');
  const company = async (nameEn: string, ownerId: number, createdAt: Date) => {
    const [c] = await db
      .insert(companies)
      .values({ nameEn, ownerId, status: 'approved', createdAt })
      .returning({ id: companies.id });
    return c!.id;
  };
  const a = await company('Alpha', ids.companyAdmin!, at(weeks[11]!));
  const b = await company('Beta', ids.other!, at(weeks[9]!, 3 * DAY));
  await company('Old', ids.b1!, at(weeks[0]!, -20 * 7 * DAY));
  await db.insert(companyMembers).values([
    { companyId: a, userId: ids.buyer!, roles: ['buyer'] },
    { companyId: a, userId: ids.companyAdmin!, roles: ['admin'] },
    { companyId: a, userId: ids.viewer!, roles: ['viewer', 'bidder'] },
    { companyId: b, userId: ids.other!, roles: ['admin', 'buyer'] },
  ]);
  const cats = await db
    .insert(categories)
    .values([
      { slug: 'c1', nameEn: 'Building', nameAr: 'البناء' },
      { slug: 'c2', nameEn: 'Design', nameAr: 'التصميم' },
      { slug: 'c3', nameEn: 'Legal', nameAr: 'القانون' },
    ])
    .returning({ id: categories.id });
  const [c1, c2, c3] = cats.map((c) => c.id) as [number, number, number];
  const svc = await db
    .insert(services)
    .values([
      { categoryId: c1, slug: 's1', nameEn: 'Walls', nameAr: 'جدران' },
      { categoryId: c1, slug: 's2', nameEn: 'Roofs', nameAr: 'أسقف' },
      { categoryId: c2, slug: 's3', nameEn: 'Logos', nameAr: 'شعارات' },
      { categoryId: c3, slug: 's4', nameEn: 'Contracts', nameAr: 'عقود' },
    ])
    .returning({ id: services.id });
  const [s1, s2, s3, s4] = svc.map((s) => s.id) as [number, number, number, number];
  Object.assign(ids, { a, b, c1, c2, c3 });
  const future = new Date(now.getTime() + 30 * DAY);
  const published = at(lastMonth, 2 * DAY);
  const tender = async (n: string, values: Partial<typeof tenders.$inferInsert>) => {
    const [t] = await db
      .insert(tenders)
      .values({ number: n, titleEn: n, ownerId: ids.companyAdmin!, companyId: a, ...values })
      .returning({ id: tenders.id });
    return t!.id;
  };
  const createdNow = at(thisMonth);
  await tender('T1', { approvalStatus: 'draft', serviceIds: [s1], createdAt: createdNow });
  const t2 = await tender('T2', {
    approvalStatus: 'approved',
    deadline: future,
    serviceIds: [s1, s2],
    createdAt: createdNow,
  });
  const t3 = await tender('T3', {
    approvalStatus: 'approved',
    outcome: 'awarded',
    publishDate: published,
    outcomeAt: new Date(published.getTime() + 10 * DAY + 5 * 3_600_000),
    serviceIds: [s3],
    createdAt: at(lastMonth),
  });
  const t4 = await tender('T4', {
    companyId: b,
    ownerId: ids.other!,
    approvalStatus: 'approved',
    outcome: 'awarded',
    publishDate: published,
    outcomeAt: new Date(published.getTime() + 40 * DAY),
    serviceIds: [s1],
    createdAt: at(lastMonth, DAY),
  });
  await tender('T5', {
    companyId: b,
    ownerId: ids.other!,
    approvalStatus: 'approved',
    deadline: new Date(now.getTime() - DAY),
    serviceIds: [s4],
    createdAt: at(monthStarts(now)[0]!, -40 * DAY),
  });
  await tender('T6', { approvalStatus: 'pending', serviceIds: [s3], createdAt: createdNow });
  const bid = (tenderId: number, bidderId: number) => ({ tenderId, bidderId });
  await db
    .insert(proposals)
    .values([
      bid(t2, ids.b1!),
      bid(t2, ids.b2!),
      bid(t3, ids.b1!),
      bid(t4, ids.b1!),
      bid(t4, ids.b2!),
      bid(t4, ids.b3!),
    ]);
  await db.insert(follows).values([
    { userId: ids.companyAdmin!, companyId: a, serviceId: s1 },
    { userId: ids.companyAdmin!, companyId: a, serviceId: s2 },
    { userId: ids.companyAdmin!, companyId: a, categoryId: c2 },
    { userId: ids.other!, companyId: b, categoryId: c1 },
    { userId: ids.other!, companyId: b, serviceId: s4 },
    { userId: ids.loner!, serviceId: s3 },
  ]);
  const ctx = app.ctx;
  tokens.admin = await createSession(ctx, db, ids.admin!, null);
  tokens.buyer = await createSession(ctx, db, ids.buyer!, a);
  tokens.companyAdmin = await createSession(ctx, db, ids.companyAdmin!, a);
  tokens.viewer = await createSession(ctx, db, ids.viewer!, a);
  tokens.loner = await createSession(ctx, db, ids.loner!, null);
});

afterAll(() => app.cleanup());

const stagesOf = (month: { stages: { stage: string; tenders: number }[] }) =>
  Object.fromEntries(month.stages.filter((s) => s.tenders > 0).map((s) => [s.stage, s.tenders]));
const buckets = (list: { min: number; max: number | null; tenders: number }[]) =>
  list.map((b) => `${b.min}-${b.max ?? ''}:${b.tenders}`);

describe('the dashboard', () => {
  it('shows an admin the whole marketplace', async () => {
    const r = await call(app, 'GET', '/dashboard', { token: tokens.admin });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.scope).toBe('marketplace');
    expect(d.tendersByStage).toHaveLength(12);
    expect(d.tendersByStage.at(-1).month).toBe(thisMonth);
    expect(stagesOf(d.tendersByStage.at(-1))).toEqual({ draft: 1, pending_approval: 1, published: 1 });
    expect(stagesOf(d.tendersByStage.at(-2))).toEqual({ awarded: 2 });
    // T5 was created before the twelve months: in no month, but in the other measures.
    expect(d.tendersByStage.slice(0, -2).every((m: never) => Object.keys(stagesOf(m)).length === 0)).toBe(
      true,
    );
    expect(d.proposalsPerTender).toMatchObject({ tenders: 4, proposals: 6, median: 1.5 });
    expect(buckets(d.proposalsPerTender.buckets)).toEqual([
      '0-0:1',
      '1-1:1',
      '2-2:1',
      '3-5:1',
      '6-10:0',
      '11-:0',
    ]);
    expect(d.publishToAward).toMatchObject({ awarded: 2, medianDays: 25 });
    expect(buckets(d.publishToAward.buckets)).toEqual([
      '0-6:0',
      '7-13:1',
      '14-29:0',
      '30-59:1',
      '60-89:0',
      '90-:0',
    ]);
    expect(d.topCategoriesByTenders).toEqual([
      { id: ids.c1, name: 'Building', count: 2 },
      { id: ids.c2, name: 'Design', count: 1 },
      { id: ids.c3, name: 'Legal', count: 1 },
    ]);
    // Alpha follows two services of Building (counted once) and Design; Beta Building and a Legal service; a person Design.
    expect(d.topCategoriesByFollowers).toEqual([
      { id: ids.c1, name: 'Building', count: 2 },
      { id: ids.c2, name: 'Design', count: 2 },
      { id: ids.c3, name: 'Legal', count: 1 },
    ]);
    expect(d.newCompaniesPerWeek.map((w: { week: string }) => w.week)).toEqual(weeks);
    expect(d.newCompaniesPerWeek.map((w: { companies: number }) => w.companies)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1,
    ]);
  });

  it('shows a buyer and an administrator of a company only its tenders, without the marketplace-wide parts', async () => {
    for (const token of [tokens.buyer, tokens.companyAdmin]) {
      const r = await call(app, 'GET', '/dashboard', { token });
      expect(r.status).toBe(200);
      const d = r.body.data;
      expect(d.scope).toBe('company');
      expect(stagesOf(d.tendersByStage.at(-1))).toEqual({ draft: 1, pending_approval: 1, published: 1 });
      expect(stagesOf(d.tendersByStage.at(-2))).toEqual({ awarded: 1 });
      expect(d.proposalsPerTender).toMatchObject({ tenders: 2, proposals: 3, median: 1.5 });
      expect(d.publishToAward).toMatchObject({ awarded: 1, medianDays: 10 });
      expect(buckets(d.publishToAward.buckets)[1]).toBe('7-13:1');
      expect(d.topCategoriesByTenders).toEqual([
        { id: ids.c1, name: 'Building', count: 1 },
        { id: ids.c2, name: 'Design', count: 1 },
      ]);
      expect(d.topCategoriesByFollowers).toBeNull();
      expect(d.newCompaniesPerWeek).toBeNull();
    }
  });

  it('names the categories in the caller’s language', async () => {
    const r = await call(app, 'GET', '/dashboard', {
      token: tokens.admin,
      headers: { 'accept-language': 'ar' },
    });
    expect(r.body.data.topCategoriesByTenders.map((c: { name: string }) => c.name)).toEqual([
      'البناء',
      'التصميم',
      'القانون',
    ]);
  });

  it('refuses a member without the buyer or administrator role, and a person without a company, in their language', async () => {
    const viewer = await call(app, 'GET', '/dashboard', {
      token: tokens.viewer,
      headers: { 'accept-language': 'ar' },
    });
    expect(viewer.status).toBe(409);
    expect(viewer.body).toMatchObject({
      code: 'COMPANY_ROLE_REQUIRED',
      message: 'دورك في هذه الشركة لا يسمح بهذا الإجراء',
    });
    const loner = await call(app, 'GET', '/dashboard', { token: tokens.loner });
    expect(loner.status).toBe(409);
    expect(loner.body).toMatchObject({ code: 'NO_ACTIVE_COMPANY' });
    expect((await call(app, 'GET', '/dashboard')).status).toBe(401);
  });
});

describe("the dashboard's calendar is Qatar's (UTC+3, weeks from Sunday)", () => {
  it('starts a week on Sunday and a month at midnight in Qatar', () => {
    // Saturday 28 November 2026 21:30 UTC is Sunday 29 November 00:30 in Qatar; an hour earlier it is still Saturday.
    expect(weekStarts(new Date('2026-11-28T21:30:00Z'), 2)).toEqual(['2026-11-22', '2026-11-29']);
    expect(weekStarts(new Date('2026-11-28T20:30:00Z'), 1)).toEqual(['2026-11-22']);
    // 30 November 21:30 UTC is 1 December 00:30 in Qatar.
    expect(monthStarts(new Date('2026-11-30T21:30:00Z'), 2)).toEqual(['2026-11-01', '2026-12-01']);
  });

  it('counts a company in the Qatar week it registered in', async () => {
    await app.ctx.database.db.insert(companies).values([
      // Saturday 13 June 23:30 and Sunday 14 June 00:30 in Qatar.
      {
        nameEn: 'Late Saturday',
        ownerId: ids.b2!,
        status: 'approved',
        createdAt: new Date('2026-06-13T20:30:00Z'),
      },
      {
        nameEn: 'Early Sunday',
        ownerId: ids.b3!,
        status: 'approved',
        createdAt: new Date('2026-06-13T21:30:00Z'),
      },
    ]);
    const d = await dashboardOf(
      app.ctx,
      { scope: 'marketplace', companyId: null },
      'en',
      new Date('2026-06-16T09:00:00Z'),
    );
    expect(d.newCompaniesPerWeek?.slice(-2)).toEqual([
      { week: '2026-06-07', companies: 1 },
      { week: '2026-06-14', companies: 1 },
    ]);
  });
});
