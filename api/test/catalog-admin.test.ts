import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedTender, tenderBody } from './fixtures.ts';
import {
  ADMIN,
  BIDDER,
  call,
  DELIVERY,
  login,
  makeApp,
  newMember,
  OWNER,
  outbox,
  ROOMY_LIMITS,
  secondApp,
  type TestApp,
  tokenFromLink,
} from './helpers.ts';

/**
 * Catalogue management by platform administrators (modules/catalog): create, rename, move, retire, restore and
 * merge, each at the version read; every refusal translated and changing nothing; retired entries hidden from new
 * use but kept where used; a merge moving companies, tenders and follows (each once) and telling the followers once.
 */

let app: TestApp;
let admin: string;
let owner: string;
let bidder: string;

type Entry = {
  id: number;
  version: number;
  nameEn: string;
  nameAr: string;
  position: number;
  retired: boolean;
};
type Svc = Entry & { categoryId: number; uses: { companies: number; tenders: number; follows: number } };
type Cat = Entry & { services: Svc[] };

const codeOf = (r: { status: number; body: { code?: string } }) => [r.status, r.body.code];
const arabic = { 'accept-language': 'ar' };
let seq = 0;
/** Names no other test uses. */
const fresh = (label: string) => {
  seq += 1;
  return { nameEn: `${label} ${seq}`, nameAr: `${label === 'Cat' ? 'فئة' : 'خدمة'} ${seq}` };
};

const create = (kind: string, payload: object, token = admin) =>
  call(app, 'POST', `/admin/catalog/${kind}`, { token, payload });
const patch = (kind: string, id: number, payload: object, headers?: Record<string, string>) =>
  call(app, 'PATCH', `/admin/catalog/${kind}/${id}`, {
    token: admin,
    payload,
    ...(headers ? { headers } : {}),
  });
const merge = (id: number, payload: object) =>
  call(app, 'POST', `/admin/catalog/services/${id}/merge`, { token: admin, payload });
const catalog = async () =>
  (await call(app, 'GET', '/admin/catalog', { token: admin })).body.data as {
    categories: Cat[];
    locations: Entry[];
  };
/** The audit log's rows about a service, newest first. */
const auditOf = async (targetType: string, targetId: number) =>
  (
    await call(app, 'GET', '/admin/audit', {
      token: admin,
      query: { targetType, targetId: String(targetId) },
    })
  ).body.data.items as {
    action: string;
    actor: { name: string };
    target: { label: string };
    details: object;
  }[];
const serviceEntry = async (id: number) =>
  (await catalog()).categories.flatMap((c) => c.services).find((s) => s.id === id);

/** A new category with `n` services: the category and its services. */
async function categoryWith(n: number): Promise<{ cat: Cat; services: Svc[] }> {
  const made = await create('categories', fresh('Cat'));
  expect(made.status).toBe(201);
  const services: Svc[] = [];
  for (let i = 0; i < n; i++) {
    const s = await create('services', { ...fresh('Svc'), categoryId: made.body.data.id });
    expect(s.status).toBe(201);
    services.push(s.body.data);
  }
  return { cat: made.body.data, services };
}

/** A new person registering a company offering `serviceIds`, approved by the admin: their token and company id. */
async function companyOffering(email: string, serviceIds: number[]) {
  expect(
    (await call(app, 'POST', '/auth/register', { payload: { name: 'Catalogue Test', email } })).status,
  ).toBe(200);
  await expect.poll(() => outbox(app).some((m) => m.to === email)).toBe(true);
  const mail = outbox(app).find((m) => m.to === email);
  const verificationToken = tokenFromLink(mail!.link!);
  const set = await call(app, 'POST', '/auth/set-password', {
    payload: { verificationToken, newPassword: 'secret1', confirmPassword: 'secret1' },
  });
  const token = set.body.data.accessToken as string;
  const saved = await call(app, 'PUT', '/companies/mine', {
    token,
    payload: { name: `Company of ${email}`, serviceIds, locationId: 1 },
  });
  expect(saved.status).toBe(200);
  const id = saved.body.data.id as number;
  expect((await call(app, 'POST', `/admin/companies/${id}/approve`, { token: admin })).status).toBe(200);
  return { token, id };
}

beforeAll(async () => {
  app = await makeApp({ env: { rateLimits: ROOMY_LIMITS } });
  [admin, owner, bidder] = await Promise.all([login(app, ADMIN), login(app, OWNER), login(app, BIDDER)]);
});
afterAll(async () => {
  await app.cleanup();
});

describe('creating, renaming and moving', () => {
  it('adds a category with services, last in order, listed publicly in both languages', async () => {
    const { cat, services } = await categoryWith(2);
    expect(cat.version).toBe(1);
    const pub = (await call(app, 'GET', '/categories', { headers: arabic })).body.data as {
      id: number;
      name: string;
      services: { id: number }[];
    }[];
    expect(pub.at(-1)).toMatchObject({ id: cat.id, name: cat.nameAr });
    expect(pub.at(-1)!.services.map((s) => s.id)).toEqual(services.map((s) => s.id));
  });

  it('moves a service to first place among its siblings', async () => {
    const { cat, services } = await categoryWith(3);
    const moved = await patch('services', services[2]!.id, { version: 1, position: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body.data.version).toBe(2);
    const order = (await catalog()).categories.find((c) => c.id === cat.id)!.services.map((s) => s.id);
    expect(order).toEqual([services[2]!.id, services[0]!.id, services[1]!.id]);
  });

  it('refuses a name already used among the siblings, in either language and any letter case, in Arabic when asked', async () => {
    const { cat, services } = await categoryWith(2);
    const taken = await create('services', {
      nameEn: services[0]!.nameEn.toUpperCase(),
      nameAr: 'اسم جديد',
      categoryId: cat.id,
    });
    expect(codeOf(taken)).toEqual([409, 'CATALOG_NAME_TAKEN']);
    const renamed = await patch(
      'services',
      services[1]!.id,
      { version: 1, nameAr: services[0]!.nameAr },
      arabic,
    );
    expect(codeOf(renamed)).toEqual([409, 'CATALOG_NAME_TAKEN']);
    expect(renamed.body.message).toMatch(/[\u0600-\u06FF]/);
    expect((await serviceEntry(services[1]!.id))!.version).toBe(1);
    // Another category may use the same service name.
    const other = await categoryWith(0);
    expect((await create('services', { ...services[0]!, categoryId: other.cat.id })).status).toBe(201);
    expect(codeOf(await create('categories', { nameEn: cat.nameEn.toLowerCase(), nameAr: 'أخرى' }))).toEqual([
      409,
      'CATALOG_NAME_TAKEN',
    ]);
  });

  it('refuses empty names, translated', async () => {
    const r = await create('locations', { nameEn: '  ', nameAr: 'مكان' });
    expect(r.status).toBe(422);
    const ar = await call(app, 'POST', '/admin/catalog/categories', {
      token: admin,
      payload: { nameEn: 'Something', nameAr: '' },
      headers: arabic,
    });
    expect(ar.status).toBe(422);
    expect(ar.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(codeOf(await patch('locations', 1, { version: 1, nameEn: '' }))).toEqual([
      422,
      'VALIDATION_FAILED',
    ]);
  });

  it('refuses unknown ids and an unknown category for a new service', async () => {
    expect(codeOf(await patch('services', 999999, { version: 1, nameEn: 'X' }))).toEqual([
      404,
      'CATALOG_ENTRY_NOT_FOUND',
    ]);
    expect(codeOf(await create('services', { ...fresh('Svc'), categoryId: 999999 }))).toEqual([
      422,
      'UNKNOWN_CATEGORY',
    ]);
    expect(codeOf(await merge(999999, { version: 1, into: 1 }))).toEqual([404, 'CATALOG_ENTRY_NOT_FOUND']);
  });
});

describe('concurrent edits', () => {
  it('of two administrators renaming the same service at the same version: one wins, the other is refused', async () => {
    const { services } = await categoryWith(1);
    const id = services[0]!.id;
    const [a, b] = await Promise.all([
      patch('services', id, { version: 1, nameEn: 'Renamed by A' }),
      patch('services', id, { version: 1, nameEn: 'Renamed by B' }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.status === 200 ? 'Renamed by A' : 'Renamed by B';
    const loser = a.status === 200 ? b : a;
    expect(loser.body.code).toBe('CATALOG_VERSION_CONFLICT');
    expect(await serviceEntry(id)).toMatchObject({ nameEn: winner, version: 2 });
    // The audit log has the winner's rename only.
    expect((await auditOf('service', id)).map((r) => [r.action, r.target.label])).toEqual([
      ['service.rename', `${winner} / ${services[0]!.nameAr}`],
      ['service.create', `${services[0]!.nameEn} / ${services[0]!.nameAr}`],
    ]);
    // Reading again and writing at the new version works: no lost update, nothing stuck.
    expect((await patch('services', id, { version: 2, nameEn: 'Renamed again' })).status).toBe(200);
  });

  it('refuses a write at an older version, translated', async () => {
    const { services } = await categoryWith(1);
    const id = services[0]!.id;
    expect((await patch('services', id, { version: 1, nameEn: 'First' })).status).toBe(200);
    const stale = await patch('services', id, { version: 1, retired: true }, arabic);
    expect(codeOf(stale)).toEqual([409, 'CATALOG_VERSION_CONFLICT']);
    expect(stale.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(await serviceEntry(id)).toMatchObject({ nameEn: 'First', retired: false, version: 2 });
  });
});

describe('a rename', () => {
  it('shows at once in the directory search and the catalogue routes, of this process and of another', async () => {
    const { services } = await categoryWith(2);
    const id = services[0]!.id;
    const company = await companyOffering('catalog-rename@x.qa', [id]);
    const otherApp = await secondApp(app);
    try {
      const search = async (on: TestApp) =>
        (await call(on, 'GET', '/companies', { query: { name: 'Zanzibarite' } })).body.data.items.map(
          (c: { id: number }) => c.id,
        );
      // Both processes hold the catalogue (and its search vectors) from a first read.
      expect(await search(app)).toEqual([]);
      expect(await search(otherApp)).toEqual([]);
      expect((await patch('services', id, { version: 1, nameEn: 'Zanzibarite Works' })).status).toBe(200);
      expect(await search(app)).toEqual([company.id]);
      await expect.poll(() => search(otherApp), DELIVERY).toEqual([company.id]);
      const listed = (await call(app, 'GET', '/services')).body.data as { id: number; name: string }[];
      expect(listed.find((s) => s.id === id)!.name).toBe('Zanzibarite Works');
      const auto = (await call(app, 'GET', '/services/autocomplete', { query: { q: 'zanzibar' } })).body.data;
      expect(auto.map((s: { id: number }) => s.id)).toEqual([id]);
      const theirs = (await call(otherApp, 'GET', `/companies/${company.id}`, { token: bidder })).body.data;
      expect(theirs.services.map((s: { name: string }) => s.name)).toEqual(['Zanzibarite Works']);
    } finally {
      await otherApp.cleanup();
    }
  });
});

describe('retiring', () => {
  it('hides a service from new use, keeps it on existing companies and tenders, and restores it', async () => {
    const { services } = await categoryWith(2);
    const [kept, spare] = services.map((s) => s.id) as [number, number];
    const company = await companyOffering('catalog-retire@x.qa', [kept]);
    const tender = await publishedTender(app, { owner, admin }, { serviceIds: [kept] });
    expect((await patch('services', kept, { version: 1, retired: true })).status).toBe(200);

    const offered = (await call(app, 'GET', '/services')).body.data.map((s: { id: number }) => s.id);
    expect(offered).not.toContain(kept);
    expect(offered).toContain(spare);
    const all = (await call(app, 'GET', '/services', { query: { retired: 'include' } })).body.data;
    expect(all.find((s: { id: number }) => s.id === kept)).toMatchObject({ retired: true });
    const cats = (await call(app, 'GET', '/categories')).body.data.flatMap((c: Cat) =>
      c.services.map((s) => s.id),
    );
    expect(cats).not.toContain(kept);

    // Kept where used: the company's profile and the tender still name it, and saving them again keeps it.
    const mine = await call(app, 'GET', '/companies/mine', { token: company.token });
    expect(mine.body.data.services.map((s: { id: number }) => s.id)).toEqual([kept]);
    const resaved = await call(app, 'PUT', '/companies/mine', {
      token: company.token,
      payload: { name: 'Company of catalog-retire@x.qa', serviceIds: [kept, spare], locationId: 1 },
    });
    expect(resaved.status).toBe(200);
    const t = await call(app, 'GET', `/tenders/${tender}`, { token: owner });
    expect(t.body.data.services.map((s: { id: number }) => s.id)).toEqual([kept]);

    // Refused for new use: another company, a new tender, a follow.
    const other = await call(app, 'PUT', '/companies/mine', {
      token: bidder,
      payload: { name: 'Not taking retired', serviceIds: [kept], locationId: 1 },
      headers: arabic,
    });
    expect(codeOf(other)).toEqual([422, 'SERVICE_RETIRED']);
    expect(other.body.message).toMatch(/[\u0600-\u06FF]/);
    const newTender = await call(app, 'POST', '/tenders', {
      token: owner,
      payload: tenderBody({ serviceIds: [kept] }),
    });
    expect(codeOf(newTender)).toEqual([422, 'SERVICE_RETIRED']);
    expect(codeOf(await call(app, 'POST', '/follows', { token: owner, payload: { service: kept } }))).toEqual(
      [422, 'SERVICE_RETIRED'],
    );

    expect((await patch('services', kept, { version: 2, retired: false })).status).toBe(200);
    expect((await call(app, 'POST', '/follows', { token: owner, payload: { service: kept } })).status).toBe(
      201,
    );
  });

  it('of a category hides its services from new use too', async () => {
    const { cat, services } = await categoryWith(1);
    expect((await patch('categories', cat.id, { version: 1, retired: true })).status).toBe(200);
    expect((await call(app, 'GET', '/categories')).body.data.map((c: Cat) => c.id)).not.toContain(cat.id);
    expect(
      codeOf(await call(app, 'POST', '/follows', { token: owner, payload: { category: cat.id } })),
    ).toEqual([422, 'CATEGORY_RETIRED']);
    expect(
      codeOf(
        await call(app, 'POST', '/tenders', {
          token: owner,
          payload: tenderBody({ serviceIds: [services[0]!.id] }),
        }),
      ),
    ).toEqual([422, 'SERVICE_RETIRED']);
    expect(codeOf(await create('services', { ...fresh('Svc'), categoryId: cat.id }))).toEqual([
      422,
      'CATEGORY_RETIRED',
    ]);
  });

  it('of a location keeps it on its companies and refuses it for others', async () => {
    const loc = await create('locations', { nameEn: 'Old Harbour', nameAr: 'الميناء القديم' });
    const id = loc.body.data.id as number;
    const company = await companyOffering('catalog-location@x.qa', [1]);
    expect(
      (
        await call(app, 'PUT', '/companies/mine', {
          token: company.token,
          payload: { name: 'Harbour Co', serviceIds: [1], locationId: id },
        })
      ).status,
    ).toBe(200);
    expect((await patch('locations', id, { version: 1, retired: true })).status).toBe(200);
    expect((await call(app, 'GET', '/locations')).body.data.map((l: Entry) => l.id)).not.toContain(id);
    expect(
      (
        await call(app, 'PUT', '/companies/mine', {
          token: company.token,
          payload: { name: 'Harbour Co', serviceIds: [1], locationId: id },
        })
      ).status,
    ).toBe(200);
    const other = await call(app, 'PUT', '/companies/mine', {
      token: bidder,
      payload: { name: 'Not at the harbour', serviceIds: [1], locationId: id },
    });
    expect(codeOf(other)).toEqual([422, 'LOCATION_RETIRED']);
  });

  it('refuses the last service offered in a category that companies use', async () => {
    const { services } = await categoryWith(2);
    const [a, b] = services.map((s) => s.id) as [number, number];
    await companyOffering('catalog-last@x.qa', [a]);
    expect((await patch('services', a, { version: 1, retired: true })).status).toBe(200);
    const last = await patch('services', b, { version: 1, retired: true }, arabic);
    expect(codeOf(last)).toEqual([409, 'LAST_SERVICE_IN_USE']);
    expect(last.body.message).toMatch(/[\u0600-\u06FF]/);
    expect((await serviceEntry(b))!.retired).toBe(false);
    expect((await auditOf('service', b)).map((r) => r.action)).toEqual(['service.create']);
  });
});

describe('merging services', () => {
  it('refuses merging into itself, into a retired service and at an older version', async () => {
    const { services } = await categoryWith(3);
    const [a, b, c] = services.map((s) => s.id) as [number, number, number];
    expect(codeOf(await merge(a, { version: 1, into: a }))).toEqual([409, 'MERGE_INTO_ITSELF']);
    expect((await patch('services', c, { version: 1, retired: true })).status).toBe(200);
    expect(codeOf(await merge(a, { version: 1, into: c }))).toEqual([409, 'MERGE_INTO_RETIRED']);
    expect(codeOf(await merge(a, { version: 7, into: b }))).toEqual([409, 'CATALOG_VERSION_CONFLICT']);
    expect(await serviceEntry(a)).toBeDefined();
  });

  it('moves companies, tenders and follows to the survivor, each once, and tells each follower once', async () => {
    const { services } = await categoryWith(2);
    const target = await categoryWith(1);
    const [merged, sibling] = services.map((s) => s.id) as [number, number];
    const survivor = target.services[0]!.id;
    // One company offers the merged service only, another both (it keeps the survivor once).
    const only = await companyOffering('catalog-merge-a@x.qa', [merged, sibling]);
    const both = await companyOffering('catalog-merge-b@x.qa', [merged, survivor]);
    const tender = await publishedTender(app, { owner, admin }, { serviceIds: [merged, survivor] });
    // Follows: the owner's company follows the merged service only; the second company both; a colleague bidder
    // of the owner's company is told, once.
    const colleague = await newMember(app, owner, 'catalog-merge-bidder@x.qa', ['bidder'], 'ar');
    expect((await call(app, 'POST', '/follows', { token: owner, payload: { service: merged } })).status).toBe(
      201,
    );
    expect(
      (await call(app, 'POST', '/follows', { token: both.token, payload: { service: merged } })).status,
    ).toBe(201);
    expect(
      (await call(app, 'POST', '/follows', { token: both.token, payload: { service: survivor } })).status,
    ).toBe(201);
    const notesBefore = (await call(app, 'GET', '/notification', { token: colleague })).body.data.length;

    const r = await merge(merged, { version: 1, into: survivor });
    expect(r.status).toBe(200);
    const [logged] = await auditOf('service', merged);
    expect(logged).toMatchObject({
      action: 'service.merge',
      details: { into: { id: survivor }, moved: { companies: 2, tenders: 1, follows: 2 } },
    });
    expect(r.body.data.moved).toMatchObject({ companies: 2, tenders: 1, follows: 2 });
    expect(r.body.data.survivor.uses).toMatchObject({ companies: 2, tenders: 1, follows: 2 });
    expect(await serviceEntry(merged)).toBeUndefined();

    const servicesOf = async (token: string) =>
      (await call(app, 'GET', '/companies/mine', { token })).body.data.services
        .map((s: { id: number }) => s.id)
        .sort();
    expect(await servicesOf(only.token)).toEqual([sibling, survivor].sort());
    expect(await servicesOf(both.token)).toEqual([survivor]);
    const t = await call(app, 'GET', `/tenders/${tender}`, { token: owner });
    expect(t.body.data.services.map((s: { id: number }) => s.id)).toEqual([survivor]);
    const followed = async (token: string) =>
      (await call(app, 'GET', '/follows', { token })).body.data.follows.flatMap(
        (f: { service: { id: number } | null }) => (f.service ? [f.service.id] : []),
      );
    expect(await followed(owner)).toContain(survivor);
    expect(await followed(owner)).not.toContain(merged);
    expect((await followed(both.token)).filter((id: number) => id === survivor)).toHaveLength(1);

    const notes = (await call(app, 'GET', '/notification', { token: colleague, headers: arabic })).body.data;
    expect(notes.length).toBe(notesBefore + 1);
    expect(notes[0].title).toBe('تم دمج خدمة تتابعها');
    expect(notes[0].content).toContain(target.services[0]!.nameAr);
    const ownerNotes = (await call(app, 'GET', '/notification', { token: both.token })).body.data;
    expect(
      ownerNotes.filter((n: { title: string }) => n.title === 'A service you follow was merged'),
    ).toHaveLength(1);
  });
});
