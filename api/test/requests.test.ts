import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BIDDER, call, login, makeApp, OWNER, rowCount, type TestApp } from './helpers.ts';

let app: TestApp;
let bidder: string;
let owner: string;
let admin: string;
const valid = {
  name: 'Sara',
  email: 'sara@example.qa',
  phone: '97455001122',
  services: [1],
  project_title: 'Website',
  description: 'A bilingual site',
  company: 1,
};
beforeAll(async () => {
  app = await makeApp();
  [bidder, owner, admin] = await Promise.all([login(app, BIDDER), login(app, OWNER), login(app, ADMIN)]);
});
afterAll(async () => {
  await app.cleanup();
});

describe('service requests', () => {
  it('validates the form with the contract messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '+974 55' }, 'phone: Phone must contain digits only.'],
      [{ email: 'x' }, 'email: Please enter a valid email address.'],
      [{ services: [] }, 'services: Please select at least one service.'],
      [{ description: 'x'.repeat(501) }, 'description: Description must be at most 500 characters.'],
      [{ name: '' }, 'name: Name is required.'],
      [{ project_title: ' ' }, 'project_title: Project title is required.'],
    ];
    for (const [patch, message] of cases) {
      const r = await call(app, 'POST', '/requests', { token: bidder, payload: { ...valid, ...patch } });
      expect(r.status, message).toBe(422);
      expect(r.body.message).toBe(message);
    }
  });

  it('refuses anonymous callers, unknown, unapproved and own companies — and writes nothing', async () => {
    const before = await rowCount(app, 'service_requests');
    expect((await call(app, 'POST', '/requests', { payload: valid })).status).toBe(401);
    const unknown = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: { ...valid, company: 9999 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('COMPANY_NOT_FOUND');
    const pending = await call(app, 'GET', '/admin/companies', {
      token: admin,
      query: { status: 'pending' },
    });
    const pendingId = pending.body.data.items[0].id;
    const notApproved = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: { ...valid, company: pendingId },
    });
    expect(notApproved.status).toBe(409);
    expect(notApproved.body.code).toBe('COMPANY_NOT_APPROVED');
    const own = await call(app, 'POST', '/requests', { token: owner, payload: valid });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('OWN_COMPANY');
    const badService = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: { ...valid, services: [9999] },
    });
    expect(badService.status).toBe(422);
    expect(await rowCount(app, 'service_requests')).toBe(before);
  });

  it('goes to the admin, then to the company owner with contact details once approved, notifying both', async () => {
    const sent = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: { ...valid, project_title: 'Portal' },
    });
    expect(sent.status).toBe(201);
    const id = sent.body.data.id;
    expect(sent.body.data.status).toBe('pending');

    const mine = await call(app, 'GET', '/requests/sent', { token: bidder });
    expect(mine.body.data.items.map((r: { id: number }) => r.id)).toContain(id);

    const ownerBefore = await call(app, 'GET', '/requests/received', { token: owner });
    expect(ownerBefore.body.data.items.map((r: { id: number }) => r.id)).not.toContain(id);
    const adminView = await call(app, 'GET', '/requests/received', { token: admin });
    expect(adminView.body.data.items.map((r: { id: number }) => r.id)).toContain(id);
    for (const r of adminView.body.data.items) expect(r.status).toBe('pending');

    expect((await call(app, 'POST', `/requests/${id}/approve`, { token: owner })).status).toBe(403);
    const approved = await call(app, 'POST', `/requests/${id}/approve`, { token: admin });
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('approved');
    const again = await call(app, 'POST', `/requests/${id}/reject`, {
      token: admin,
      payload: { reason: 'Too late' },
    });
    expect(again.body.code).toBe('ALREADY_DECIDED');

    const ownerAfter = await call(app, 'GET', '/requests/received', { token: owner });
    const got = ownerAfter.body.data.items.find((r: { id: number }) => r.id === id);
    expect(got).toMatchObject({ email: 'sara@example.qa', phone: '97455001122', project_title: 'Portal' });

    const nBidder = await call(app, 'GET', '/notification', { token: bidder });
    expect(nBidder.body.data.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining(['Request approved', 'Request successfully sent']),
    );
    const nOwner = await call(app, 'GET', '/notification', { token: owner });
    expect(nOwner.body.data[0].title).toBe('New service request received');
  });

  it('searches the received list by requester, company, service (English or Arabic) and message, in any case', async () => {
    const companies = await call(app, 'GET', '/companies', { token: bidder, query: { limit: '20' } });
    const [first, second] = companies.body.data.items.filter(
      (c: { id: number; name: string }) => c.id !== 1,
    ) as { id: number; name: string }[];
    if (!first || !second) throw new Error('the seed has fewer than two other approved companies');
    const services = (await call(app, 'GET', '/services')).body.data as {
      id: number;
      nameEn: string;
      nameAr: string;
    }[];
    const [serviceA, serviceB] = [services[0], services.at(-1)];
    if (!serviceA || !serviceB) throw new Error('the seed has no services');
    const send = async (payload: Record<string, unknown>) =>
      (await call(app, 'POST', '/requests', { token: bidder, payload: { ...valid, ...payload } })).body.data
        .id as number;
    const a = await send({
      company: first.id,
      name: 'Yousef Qadri',
      email: 'yousef.q@example.qa',
      services: [serviceA.id],
      project_title: 'Warehouse fit-out',
      description: 'نحتاج إلى تجهيز مستودع في الوكرة',
    });
    const b = await send({
      company: second.id,
      name: 'Noor Hamad',
      email: 'noor@example.qa',
      services: [serviceB.id],
      project_title: 'Annual audit',
      description: 'Audit of the 100% owned branch',
    });
    const found = async (q: string) => {
      const r = await call(app, 'GET', '/requests/received', { token: admin, query: { q, limit: '100' } });
      expect(r.status, q).toBe(200);
      return (r.body.data.items as { id: number }[]).map((x) => x.id).filter((id) => id === a || id === b);
    };
    expect(await found('YOUSEF')).toEqual([a]); // the name typed on the request, any case
    expect(await found('noor@EXAMPLE')).toEqual([b]); // the email typed on the request
    expect(await found(first.name.toUpperCase())).toEqual([a]); // the company
    expect(await found(serviceB.nameEn.toLowerCase())).toEqual([b]); // a service, in English
    expect(await found(serviceA.nameAr)).toEqual([a]); // a service, in Arabic
    expect(await found('مستودع الوكرة')).toEqual([a]); // the message, in Arabic, every word
    expect(await found('annual')).toEqual([b]); // the title
    expect(await found('100%')).toEqual([b]); // the wildcard is plain text
    expect(await found('sara haddad')).toEqual([b, a]); // the requester's account, newest first
    expect(await found('warehouse audit')).toEqual([]);
    const counted = await call(app, 'GET', '/requests/received', { token: admin, query: { q: 'Qadri' } });
    expect(counted.body.data.totalItems).toBe(1);

    const long = await call(app, 'GET', '/requests/received', {
      token: admin,
      query: { q: 'x'.repeat(101) },
      headers: { 'accept-language': 'ar' },
    });
    expect(long.status).toBe(422);
    expect(long.body.message).toContain('q: يجب ألا يتجاوز نص البحث 100 حرف.');
  });

  it('a company owner searches their received requests, never by the requester’s account email', async () => {
    const sent = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: { ...valid, project_title: 'Owner search', email: 'typed.by.sara@example.qa' },
    });
    const id = sent.body.data.id as number;
    expect((await call(app, 'POST', `/requests/${id}/approve`, { token: admin })).status).toBe(200);
    const found = async (q: string) =>
      (
        (await call(app, 'GET', '/requests/received', { token: owner, query: { q, limit: '100' } })).body.data
          .items as { id: number }[]
      ).some((r) => r.id === id);
    expect(await found('typed.by.sara')).toBe(true);
    expect(await found('owner search')).toBe(true);
    // The owner sees the email typed on the request, not the account's: it is not searched for them.
    expect(await found('bidder@bawaba.qa')).toBe(false);
  });

  it('a user without a company receives nothing', async () => {
    const r = await call(app, 'GET', '/requests/received', { token: bidder });
    expect(r.body.data).toEqual({ items: [], totalItems: 0, pageCount: 1 });
  });
});
