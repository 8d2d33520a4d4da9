import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStaleSearch } from '../src/db/search-documents.ts';
import { publishedTender, tenderBody } from './fixtures.ts';
import { ADMIN, BIDDER, call, login, makeApp, OWNER, type TestApp } from './helpers.ts';

/** The keyword search of the directory and the tender list (docs/api/search.md); its quality: search-quality.test.ts. */

let app: TestApp;
let admin: string;
let owner: string;
let bidder: string;
beforeAll(async () => {
  app = await makeApp();
  [admin, owner, bidder] = await Promise.all([login(app, ADMIN), login(app, OWNER), login(app, BIDDER)]);
});
afterAll(async () => {
  await app.cleanup();
});

const tenderIds = async (query: Record<string, string>, token = bidder) => {
  const r = await call(app, 'GET', '/tenders', { token, query: { limit: '100', ...query } });
  expect(r.status).toBe(200);
  return r.body.data.items.map((t: { id: number }) => t.id) as number[];
};
const companyIds = async (name: string, token?: string) => {
  const r = await call(app, 'GET', '/companies', { token, query: { name, limit: '100' } });
  expect(r.status).toBe(200);
  return r.body.data.items.map((c: { id: number }) => c.id) as number[];
};

/** A company of a new user, approved, with these texts: its id and its owner's token. */
async function approvedCompany(payload: Record<string, unknown>) {
  // A verified user with the demo password (one company per owner).
  const email = `search-${Math.random().toString(36).slice(2, 8)}@example.qa`;
  await app.ctx.database.db.execute(
    sql`insert into users (name, email, password_hash, verified) select 'Search Owner', ${email}, password_hash, true from users where email = ${BIDDER}`,
  );
  const token = await login(app, email);
  const saved = await call(app, 'PUT', '/companies/mine', {
    token,
    payload: { serviceIds: [1], locationId: 1, description: '', ...payload },
  });
  expect(saved.status).toBe(200);
  const id = saved.body.data.id as number;
  expect((await call(app, 'POST', `/admin/companies/${id}/approve`, { token: admin })).status).toBe(200);
  return { id, token };
}

describe('tenders', () => {
  it('finds an Arabic title by its variant spellings and a tender by its number in Arabic-Indic digits', async () => {
    const id = await publishedTender(
      app,
      { owner, admin },
      { title: 'توريد أجهزة المراقبة لمبنى الإدارة', description: 'نطاق العمل ومعايير التقييم للمناقصة.' },
    );
    const { number } = (await call(app, 'GET', `/tenders/${id}`, { token: bidder })).body.data;
    for (const q of [
      'أجهزة المراقبة', // as written
      'اجهزه المراقبه', // bare alef, ta marbuta as ha
      'أَجْهِزَة', // with diacritics
      'المـــراقبة', // tatweel
      'لمبنى الادارة', // alef maksura, bare alef
      'مراقبة', // without the article
      number.replace(/\d/g, (d: string) => String.fromCharCode(0x0660 + Number(d))),
      number.replace(/\d/g, (d: string) => String.fromCharCode(0x06f0 + Number(d))),
    ]) {
      expect(await tenderIds({ q }), q).toContain(id);
    }
    // The reference number filter takes Arabic-Indic digits too.
    const indic = number.replace(/\d/g, (d: string) => String.fromCharCode(0x0660 + Number(d)));
    expect(await tenderIds({ number: indic })).toEqual([id]);
    // Every word must match: one that appears nowhere finds nothing.
    expect(await tenderIds({ q: 'أجهزة زرافة' })).toEqual([]);
  });

  it('ranks a match in the title before a match in the description only', async () => {
    const inTitle = await publishedTender(app, { owner, admin }, { title: 'Desalination plant upkeep' });
    const inText = await publishedTender(
      app,
      { owner, admin },
      { title: 'Pump spares', description: 'Spares for the desalination plant.' },
    );
    const found = await tenderIds({ q: 'desalination' });
    expect(found.indexOf(inTitle)).toBeGreaterThanOrEqual(0);
    expect(found.indexOf(inTitle)).toBeLessThan(found.indexOf(inText));
  });

  it('finds an edited draft by its new title only (the owner edits, the document follows in the same write)', async () => {
    const body = tenderBody({ title: 'Kerbstone replacement', description: '' });
    const created = await call(app, 'POST', '/tenders', { token: owner, payload: body });
    const id = created.body.data.id as number;
    const listed = async (q: string) =>
      (
        await call(app, 'GET', '/tenders/mine', { token: owner, query: { q, limit: '100' } })
      ).body.data.items.some((t: { id: number }) => t.id === id);
    expect(await listed('kerbstone')).toBe(true);
    const edited = await call(app, 'PATCH', `/tenders/${id}`, {
      token: owner,
      payload: { ...body, title: 'Asphalt resurfacing' },
    });
    expect(edited.status).toBe(200);
    expect(await listed('asphalt')).toBe(true);
    expect(await listed('kerbstone')).toBe(false);
    // A draft is not in the public list, whatever it is called.
    expect(await tenderIds({ q: 'asphalt' }, owner)).not.toContain(id);
  });
});

describe('queries of one shape (one statement compiled per shape, each bound to its own values)', () => {
  it('answers each tender keyword and filter with its own values', async () => {
    const gravel = await publishedTender(app, { owner, admin }, { title: 'Quarry gravel haulage' });
    const dredging = await publishedTender(app, { owner, admin }, { title: 'Harbour dredging works' });
    expect(await tenderIds({ q: 'gravel', state: 'published' })).toEqual([gravel]);
    expect(await tenderIds({ q: 'dredging', state: 'published' })).toEqual([dredging]);
    expect(await tenderIds({ title: 'quarry haulage' })).toEqual([gravel]);
    expect(await tenderIds({ title: 'harbour works' })).toEqual([dredging]);
    const { number } = (await call(app, 'GET', `/tenders/${dredging}`, { token: bidder })).body.data;
    expect(await tenderIds({ q: 'harbour', number })).toEqual([dredging]);
    expect(await tenderIds({ q: 'gravel', number })).toEqual([]);
  });

  it('answers each directory keyword and service filter with its own values', async () => {
    const a = await approvedCompany({ name: 'Vantablack Coatings', serviceIds: [1] });
    const b = await approvedCompany({ name: 'Ultramarine Coatings', serviceIds: [1] });
    expect(await companyIds('vantablack coatings', bidder)).toEqual([a.id]);
    expect(await companyIds('ultramarine coatings', bidder)).toEqual([b.id]);
    const services = async (name: string, serviceIds: string) =>
      (
        await call(app, 'GET', '/companies', {
          token: bidder,
          query: { name, services: serviceIds, limit: '100' },
        })
      ).body.data.items.map((c: { id: number }) => c.id) as number[];
    expect(await services('coatings', '1')).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await services('coatings', '2')).toEqual([]);
  });
});

describe('directory', () => {
  it('finds a company by the Arabic name of its location and of its services, in any spelling', async () => {
    const doha = (
      await app.ctx.database.db.execute(
        sql`select id from companies where status = 'approved' and location_id = 1`,
      )
    ).rows.map((r) => (r as { id: number }).id);
    for (const q of ['الدوحة', 'الدوحه', 'دوحة', 'بالدوحة', 'Doha']) {
      const found = await companyIds(q, bidder);
      for (const id of doha) expect(found, q).toContain(id);
    }
    // The service most companies offer, by its English and its Arabic name (with diacritics): the same companies.
    const [top] = (
      await app.ctx.database.db.execute(
        sql`select s.name_en, s.name_ar, array(select cs.company_id from company_services cs join companies c on c.id = cs.company_id where cs.service_id = s.id and c.status = 'approved') as ids from services s order by (select count(*) from company_services cs where cs.service_id = s.id) desc limit 1`,
      )
    ).rows as { name_en: string; name_ar: string; ids: number[] }[];
    const offering = top!.ids.map(Number);
    expect(offering.length).toBeGreaterThan(0);
    const diacritics = top!.name_ar.replace(/([\u0628-\u064a])/g, '$1\u064e');
    for (const q of [top!.name_en, top!.name_en.toLowerCase(), top!.name_ar, diacritics]) {
      const found = await companyIds(q, bidder);
      for (const id of offering) expect(found, q).toContain(id);
    }
  });

  it('ranks a name match before a service match and a service match before a description match', async () => {
    const byName = await approvedCompany({ name: 'Quarrystone Holdings', serviceIds: [2] });
    const byText = await approvedCompany({
      name: 'Gamma Works',
      serviceIds: [2],
      description: '<p>We also supply quarrystone.</p>',
    });
    const found = await companyIds('quarrystone', bidder);
    expect(found.slice(0, 2)).toEqual([byName.id, byText.id]);
  });

  it('anonymous callers match services, categories and locations only, never a masked name or description', async () => {
    const c = await approvedCompany({
      name: 'Zephyrine Trading',
      description: '<p>Specialists in obsidianware.</p>',
      serviceIds: [1],
    });
    // Signed in: the name and the description are searched.
    expect(await companyIds('Zephyrine', bidder)).toEqual([c.id]);
    expect(await companyIds('obsidianware', bidder)).toEqual([c.id]);
    // Anonymous: neither is — no search reveals what the mask hides, in any spelling.
    for (const q of ['Zephyrine', 'zephyrine trading', 'obsidianware', 'ZEPHYRINE']) {
      expect(await companyIds(q), q).toEqual([]);
    }
    // …while the catalog still is.
    expect(await companyIds('web development')).toContain(c.id);
    expect(await companyIds('تطوير المواقع')).toContain(c.id);
    expect(await companyIds('الدوحة')).toContain(c.id);
  });

  it('matches the services a company offers now, however its services were written', async () => {
    const c = await approvedCompany({ name: 'Bollard Trading', serviceIds: [1] });
    const db = app.ctx.database.db;
    const [other, third] = (
      await db.execute(sql`select id, name_en from services where id <> 1 order by id limit 2`)
    ).rows as { id: number; name_en: string }[];
    const offersOf = async () => {
      const r = await call(app, 'GET', `/companies/${c.id}`, { token: bidder });
      return (r.body.data.services as { id: number }[]).map((x) => x.id);
    };
    const foundBy = async (service: { name_en: string }) =>
      (await companyIds(service.name_en)).includes(c.id);
    expect(await foundBy(other!)).toBe(false);
    // Written by hand, not through the API: the directory (anonymous: services only) and the card follow.
    await db.execute(
      sql`insert into company_services (company_id, service_id) values (${c.id}, ${other!.id})`,
    );
    expect(await foundBy(other!)).toBe(true);
    expect(await offersOf()).toEqual([1, other!.id].sort((x, y) => x - y));
    await db.execute(
      sql`update company_services set service_id = ${third!.id} where company_id = ${c.id} and service_id = ${other!.id}`,
    );
    expect(await foundBy(other!)).toBe(false);
    expect(await foundBy(third!)).toBe(true);
    await db.execute(
      sql`delete from company_services where company_id = ${c.id} and service_id = ${third!.id}`,
    );
    expect(await foundBy(third!)).toBe(false);
    expect(await offersOf()).toEqual([1]);
    // Emptied at once (rolled back: the other tests' companies keep theirs).
    const copied = async (tx: { execute: typeof db.execute }) =>
      (
        (await tx.execute(sql`select count(*)::int as n from companies where service_ids <> '{}'`)).rows as {
          n: number;
        }[]
      )[0]!.n;
    expect(await copied(db)).toBeGreaterThan(0);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`truncate company_services`);
        expect(await copied(tx)).toBe(0);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await offersOf()).toEqual([1]);
  });

  it('follows a rename at once, and rebuilds at start what changed behind the API', async () => {
    const c = await approvedCompany({ name: 'Marlinspike Services' });
    expect(await companyIds('marlinspike', bidder)).toEqual([c.id]);
    // Changed by hand (not through the API): the database marks the document stale…
    await app.ctx.database.db.execute(
      sql`update companies set name_en = 'Windlass Services' where id = ${c.id}`,
    );
    const [row] = (
      await app.ctx.database.db.execute(sql`select search_version from companies where id = ${c.id}`)
    ).rows as { search_version: number }[];
    expect(row?.search_version).toBe(0);
    // …and the rebuild the API runs at start makes it current.
    expect(await refreshStaleSearch(app.ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await companyIds('windlass', bidder)).toEqual([c.id]);
    expect(await companyIds('marlinspike', bidder)).toEqual([]);
  });
});
