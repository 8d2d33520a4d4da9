import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startMailWorker } from '../src/lib/mail-outbox.ts';
import { seededTenders, tenderBody } from './fixtures.ts';
import { call, logoPng, makeApp, outbox, type TestApp, upload } from './helpers.ts';

/**
 * Business-written texts in English and Arabic: both versions stored, at least one required, the single field of
 * older forms still taken, the reader's version (else the other) with the language it is in, masking of every
 * version, and notifications and mails in the recipient's language with the same fallback.
 */

let app: TestApp;
let owner: string;
let admin: string;
let bidder: string;
beforeAll(async () => {
  app = await makeApp();
  ({ owner, admin, bidder } = await seededTenders(app));
});
afterAll(async () => {
  await app.cleanup();
});

const AR = { 'accept-language': 'ar' };
const EN = { 'accept-language': 'en' };

type TenderOut = {
  id: number;
  title: string;
  titleLang: string;
  titleEn: string | null;
  titleAr: string | null;
  description: string;
  descriptionLang: string;
  descriptionEn: string | null;
  descriptionAr: string | null;
};

const create = async (payload: Record<string, unknown>, headers = EN) =>
  call(app, 'POST', '/tenders', { token: owner, payload: tenderBody(payload), headers });
const read = async (id: number, headers: Record<string, string>) =>
  (await call(app, 'GET', `/tenders/${id}`, { token: owner, headers })).body.data as TenderOut;
const mineCount = async () =>
  (await call(app, 'GET', '/tenders/mine', { token: owner })).body.data.totalItems as number;

describe('tender texts in two languages', () => {
  it('stores both versions and answers the reader’s, else the other, with its language', async () => {
    const both = await create({
      title: undefined,
      description: undefined,
      titleEn: 'Road lighting maintenance',
      titleAr: 'صيانة إنارة الطرق',
      descriptionEn: '<p>Scope in English</p>',
      descriptionAr: '<p>نطاق الأعمال بالعربية</p>',
    });
    expect(both.status).toBe(201);
    const id = both.body.data.id as number;
    expect(await read(id, EN)).toMatchObject({
      title: 'Road lighting maintenance',
      titleLang: 'en',
      titleEn: 'Road lighting maintenance',
      titleAr: 'صيانة إنارة الطرق',
      description: '<p>Scope in English</p>',
      descriptionLang: 'en',
    });
    expect(await read(id, AR)).toMatchObject({
      title: 'صيانة إنارة الطرق',
      titleLang: 'ar',
      description: '<p>نطاق الأعمال بالعربية</p>',
      descriptionLang: 'ar',
    });

    const arabicOnly = await create({
      title: undefined,
      description: undefined,
      titleAr: 'توريد أثاث مكتبي',
      descriptionAr: '<p>مكاتب وكراسي</p>',
    });
    expect(arabicOnly.status).toBe(201);
    for (const headers of [EN, AR])
      expect(await read(arabicOnly.body.data.id, headers)).toMatchObject({
        title: 'توريد أثاث مكتبي',
        titleLang: 'ar',
        titleEn: null,
        titleAr: 'توريد أثاث مكتبي',
        description: '<p>مكاتب وكراسي</p>',
        descriptionLang: 'ar',
        descriptionEn: null,
      });

    // Lists carry the same choice.
    const list = (await call(app, 'GET', '/tenders/mine', { token: owner, headers: EN })).body.data
      .items as TenderOut[];
    expect(list.find((t) => t.id === arabicOnly.body.data.id)).toMatchObject({
      title: 'توريد أثاث مكتبي',
      titleLang: 'ar',
    });
  });

  it('sanitizes each description version as a company’s description is: on create, on edit and in an amendment', async () => {
    const unsafe = (text: string) =>
      `<ul><li><p onclick="x()"><strong>${text}</strong><script>alert(1)</script></p></li></ul><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>`;
    const safe = (text: string) =>
      `<ul><li><p><strong>${text}</strong></p></li></ul><a rel="noopener noreferrer nofollow" target="_blank">x</a>`;
    const created = await create({
      title: undefined,
      description: undefined,
      titleAr: 'صيانة',
      descriptionAr: unsafe('نطاق الأعمال'),
      descriptionEn: unsafe('Scope'),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(await read(id, AR)).toMatchObject({
      descriptionAr: safe('نطاق الأعمال'),
      descriptionEn: safe('Scope'),
    });

    const edited = await call(app, 'PATCH', `/tenders/${id}`, {
      token: owner,
      payload: tenderBody({
        title: undefined,
        description: undefined,
        titleAr: 'صيانة',
        descriptionAr: unsafe('الأعمال'),
      }),
    });
    expect(edited.status).toBe(200);
    expect((await read(id, AR)).descriptionAr).toBe(safe('الأعمال'));

    expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: owner })).status).toBe(200);
    expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(200);
    const amended = await call(app, 'POST', `/tenders/${id}/amendments`, {
      token: owner,
      payload: { reason: 'Scope clarified', description: unsafe('نطاق معدّل') },
    });
    expect(amended.status).toBe(201);
    expect((await read(id, AR)).descriptionAr).toBe(safe('نطاق معدّل'));
    expect(amended.body.data.changes).toContainEqual({
      field: 'description',
      before: safe('الأعمال'),
      after: safe('نطاق معدّل'),
    });
  });

  it('refuses a tender with neither title written (translated) and writes nothing', async () => {
    const before = await mineCount();
    const en = await create({ title: undefined, titleEn: '  ', titleAr: null });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: 'TITLE_REQUIRED',
      message: 'Write the title in English, in Arabic or in both',
    });
    const ar = await create({ title: undefined, titleEn: '', titleAr: '' }, AR);
    expect(ar.status).toBe(400);
    expect(ar.body.message).toBe('اكتب العنوان بالعربية أو بالإنجليزية أو بكلتيهما');
    expect(await mineCount()).toBe(before);

    // An edit may not remove the only written title either, and leaves the tender as it was.
    const made = await create({ title: undefined, titleAr: 'عنوان وحيد' });
    const id = made.body.data.id as number;
    const edit = await call(app, 'PATCH', `/tenders/${id}`, {
      token: owner,
      payload: tenderBody({ title: undefined, titleAr: '' }),
    });
    expect(edit.status).toBe(400);
    expect((await read(id, EN)).titleAr).toBe('عنوان وحيد');
  });

  it('takes the single title of older forms as the version of the language it is written in', async () => {
    const arabic = await create({ title: 'مناقصة توريد معدات', description: '<p>وصف عربي</p>' });
    expect(arabic.status).toBe(201);
    expect(await read(arabic.body.data.id, EN)).toMatchObject({
      titleEn: null,
      titleAr: 'مناقصة توريد معدات',
      descriptionEn: null,
      descriptionAr: '<p>وصف عربي</p>',
    });
    const english = await create({ title: 'Equipment supply', description: 'Plain English' });
    const id = english.body.data.id as number;
    expect(await read(id, EN)).toMatchObject({ titleEn: 'Equipment supply', titleAr: null });
    // An older form editing it in Arabic adds the Arabic version and keeps the English one.
    const edited = await call(app, 'PATCH', `/tenders/${id}`, {
      token: owner,
      payload: tenderBody({ title: 'توريد معدات' }),
    });
    expect(edited.status).toBe(200);
    expect(await read(id, AR)).toMatchObject({
      title: 'توريد معدات',
      titleEn: 'Equipment supply',
      titleAr: 'توريد معدات',
    });
  });

  it('tells the owner in their language, else in the other one, in the app and by mail', async () => {
    const drain = () => (app.ctx.mail as ReturnType<typeof startMailWorker>).drain();
    type Notice = { title: string; content: string; tender: { id: number; title: string } | null };
    const noticeOf = async (id: number, headers: Record<string, string>) =>
      ((await call(app, 'GET', '/notification', { token: owner, headers })).body.data as Notice[]).find(
        (n) => n.tender?.id === id && /approved|الموافقة/.test(n.title),
      );
    const approved = async (payload: Record<string, unknown>) => {
      const made = await create({ title: undefined, ...payload });
      const id = made.body.data.id as number;
      expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: owner })).status).toBe(200);
      expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(200);
      await drain();
      return id;
    };
    const mailsToOwner = () => outbox(app).filter((m) => m.to === 'owner@bawaba.qa');

    // No English title: the English text names the tender by its Arabic one (isolated), and so does the Arabic.
    const arabicOnly = await approved({ titleAr: 'صيانة المصاعد' });
    expect((await noticeOf(arabicOnly, EN))?.content).toBe('"\u2068صيانة المصاعد\u2069" is now published.');
    expect((await noticeOf(arabicOnly, AR))?.content).toBe('تم نشر "\u2068صيانة المصاعد\u2069".');
    expect((await noticeOf(arabicOnly, EN))?.tender?.title).toBe('صيانة المصاعد');
    // The owner reads English: the mail says it in English, naming the Arabic title.
    expect(mailsToOwner().some((m) => m.text.includes('"\u2068صيانة المصاعد\u2069" is now published.'))).toBe(
      true,
    );

    // Both written: each language gets its own version; a recipient who chose Arabic is mailed the Arabic one.
    await call(app, 'PATCH', '/users/me', { token: owner, payload: { language: 'ar' } });
    try {
      const both = await approved({ titleEn: 'Lift maintenance', titleAr: 'صيانة الروافع' });
      expect((await noticeOf(both, EN))?.content).toBe('"\u2068Lift maintenance\u2069" is now published.');
      expect((await noticeOf(both, AR))?.content).toBe('تم نشر "\u2068صيانة الروافع\u2069".');
      expect((await noticeOf(both, AR))?.tender?.title).toBe('صيانة الروافع');
      expect((await noticeOf(both, EN))?.tender?.title).toBe('Lift maintenance');
      expect(mailsToOwner().some((m) => m.text.includes('تم نشر "\u2068صيانة الروافع\u2069".'))).toBe(true);
      expect(mailsToOwner().some((m) => m.text.includes('Lift maintenance'))).toBe(false);
    } finally {
      await call(app, 'PATCH', '/users/me', { token: owner, payload: { language: 'en' } });
    }
  });
});

describe('amendment reasons in two languages', () => {
  type AmendmentOut = {
    number: number;
    reason: string;
    reasonLang: string;
    reasonEn: string | null;
    reasonAr: string | null;
  };
  const published = async () => {
    const made = await create({ title: undefined, titleEn: 'Lift maintenance', titleAr: 'صيانة المصاعد' });
    const id = made.body.data.id as number;
    expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: owner })).status).toBe(200);
    expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(200);
    return id;
  };
  const amend = (id: number, payload: Record<string, unknown>, headers = EN) =>
    call(app, 'POST', `/tenders/${id}/amendments`, {
      token: owner,
      payload: { participationFee: Math.floor(Math.random() * 1000) + 1, ...payload },
      headers,
    });
  const history = async (id: number, headers: Record<string, string>) =>
    (await call(app, 'GET', `/tenders/${id}/amendments`, { headers })).body.data as AmendmentOut[];

  it('stores both versions and answers the reader’s, else the other, with its language', async () => {
    const id = await published();
    expect((await amend(id, { reasonAr: 'تعديل الرسوم' })).status).toBe(201);
    expect((await amend(id, { reasonEn: 'Bond lowered', reasonAr: 'تخفيض الضمان' })).status).toBe(201);
    const [both, arabicOnly] = await history(id, EN);
    expect(both).toMatchObject({ reason: 'Bond lowered', reasonLang: 'en', reasonAr: 'تخفيض الضمان' });
    expect(arabicOnly).toMatchObject({ reason: 'تعديل الرسوم', reasonLang: 'ar', reasonEn: null });
    expect((await history(id, AR))[0]).toMatchObject({ reason: 'تخفيض الضمان', reasonLang: 'ar' });
  });

  it('refuses an amendment with neither reason written (translated) and changes nothing', async () => {
    const id = await published();
    const blank = await amend(id, { reasonEn: '  ', reasonAr: null }, AR);
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      code: 'REASON_REQUIRED',
      message: 'اكتب السبب بالعربية أو بالإنجليزية أو بكلتيهما',
    });
    expect((await amend(id, {})).status).toBe(422);
    expect(await history(id, EN)).toEqual([]);
    expect((await read(id, EN)).description).toBe('Fit-out of the Doha office');
  });

  it('takes the older forms’ single reason as the version of the language it is written in', async () => {
    const id = await published();
    expect((await amend(id, { reason: 'تم تمديد فترة العقد' })).status).toBe(201);
    expect((await history(id, EN))[0]).toMatchObject({ reasonEn: null, reasonAr: 'تم تمديد فترة العقد' });
  });

  it('tells each participant the reason in their language, else in the other one, in the app and by mail', async () => {
    const drain = () => (app.ctx.mail as ReturnType<typeof startMailWorker>).drain();
    const id = await published();
    // Asking a question makes the bidder a participant, told of every amendment.
    const asked = await call(app, 'POST', `/tenders/${id}/clarifications`, {
      token: bidder,
      payload: { question: 'Is a site visit possible?' },
    });
    expect(asked.status).toBe(201);
    type Notice = { title: string; content: string; tender: { id: number } | null };
    const notice = async (headers: Record<string, string>) =>
      ((await call(app, 'GET', '/notification', { token: bidder, headers })).body.data as Notice[]).find(
        (n) => n.tender?.id === id && /amended|تعديل/.test(n.title),
      );
    expect((await amend(id, { reasonAr: 'تخفيض الضمان' })).status).toBe(201);
    // Only the Arabic reason: the English text quotes it (isolated).
    expect((await notice(EN))?.content).toContain('was changed: \u2068تخفيض الضمان\u2069.');
    expect((await notice(AR))?.content).toContain(': \u2068تخفيض الضمان\u2069.');

    await call(app, 'PATCH', '/users/me', { token: bidder, payload: { language: 'ar' } });
    try {
      await drain();
      const before = outbox(app).length;
      expect((await amend(id, { reasonEn: 'Fee lowered', reasonAr: 'تخفيض الرسوم' })).status).toBe(201);
      await drain();
      const mails = outbox(app).slice(before);
      expect(mails.some((m) => m.text.includes('\u2068تخفيض الرسوم\u2069'))).toBe(true);
      expect(mails.some((m) => m.text.includes('Fee lowered'))).toBe(false);
    } finally {
      await call(app, 'PATCH', '/users/me', { token: bidder, payload: { language: 'en' } });
    }
  });
});

type CompanyOut = {
  id: number;
  name: string;
  nameLang: string;
  nameEn: string | null;
  nameAr: string | null;
  description: string;
  descriptionLang: string;
  descriptionEn: string | null;
  descriptionAr: string | null;
  masked: boolean;
};

describe('company texts in two languages', () => {
  it('stores both, answers the reader’s version, and masks every version for anonymous callers', async () => {
    const saved = await call(app, 'PUT', '/companies/mine', {
      token: bidder,
      payload: {
        nameEn: 'Doha Lighting Trading',
        nameAr: 'الدوحة لتجارة الإنارة',
        descriptionAr: '<p>شركة قطرية للإنارة</p>',
        serviceIds: [1],
      },
    });
    expect(saved.status).toBe(200);
    const id = saved.body.data.id as number;
    expect((await call(app, 'POST', `/admin/companies/${id}/approve`, { token: admin })).status).toBe(200);
    const seen = async (token: string | undefined, headers: Record<string, string>) =>
      (await call(app, 'GET', `/companies/${id}`, { token, headers })).body.data as CompanyOut;
    expect(await seen(bidder, EN)).toMatchObject({
      name: 'Doha Lighting Trading',
      nameLang: 'en',
      nameAr: 'الدوحة لتجارة الإنارة',
      // No English description: the Arabic one, marked Arabic.
      description: '<p>شركة قطرية للإنارة</p>',
      descriptionLang: 'ar',
      descriptionEn: null,
    });
    expect(await seen(bidder, AR)).toMatchObject({ name: 'الدوحة لتجارة الإنارة', nameLang: 'ar' });
    for (const headers of [EN, AR]) {
      const anonymous = await seen(undefined, headers);
      expect(anonymous.masked).toBe(true);
      expect(anonymous).toMatchObject({
        nameEn: null,
        nameAr: null,
        descriptionEn: null,
        descriptionAr: null,
      });
      expect(JSON.stringify(anonymous)).not.toMatch(
        /Doha Lighting Trading|الدوحة لتجارة الإنارة|شركة قطرية للإنارة/,
      );
    }
    // The directory's pages mask every version too.
    const page = (await call(app, 'GET', '/companies', { headers: AR, query: { limit: '100' } })).body.data
      .items as CompanyOut[];
    expect(JSON.stringify(page)).not.toMatch(
      /Doha Lighting Trading|الدوحة لتجارة الإنارة|شركة قطرية للإنارة/,
    );
  });

  it('refuses a company with neither name written (translated), and changes nothing', async () => {
    const before = (await call(app, 'GET', '/companies/mine', { token: bidder })).body.data;
    const refused = await call(app, 'PUT', '/companies/mine', {
      token: bidder,
      headers: AR,
      payload: { nameEn: '', nameAr: ' ', serviceIds: [2] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'NAME_REQUIRED',
      message: 'اكتب الاسم بالعربية أو بالإنجليزية أو بكلتيهما',
    });
    expect((await call(app, 'GET', '/companies/mine', { token: bidder })).body.data).toEqual(before);
  });

  it('takes the single name of older forms as the version of its language, keeping the other', async () => {
    const saved = await call(app, 'PUT', '/companies/mine', {
      token: bidder,
      payload: { name: 'الدوحة للإنارة الحديثة', serviceIds: [1] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      nameEn: 'Doha Lighting Trading',
      nameAr: 'الدوحة للإنارة الحديثة',
      // The description was not sent by that form: it stays.
      descriptionAr: '<p>شركة قطرية للإنارة</p>',
    });
  });
});

describe('ad titles in two languages', () => {
  it('stores both, answers the reader’s (else the other), requires one, and takes the older single title', async () => {
    const image = await upload(app, admin, 'ad', 'ad.png', logoPng(3));
    const ad = { imageFileId: image.body.data.id, active: false };
    const arOnly = await call(app, 'POST', '/admin/ads', {
      token: admin,
      payload: { ...ad, titleAr: 'عرض خاص' },
    });
    expect(arOnly.status).toBe(201);
    expect(arOnly.body.data).toMatchObject({ title: 'عرض خاص', titleLang: 'ar', titleEn: null });
    const legacy = await call(app, 'POST', '/admin/ads', {
      token: admin,
      payload: { ...ad, title: 'Special offer' },
    });
    expect(legacy.body.data).toMatchObject({ titleEn: 'Special offer', titleAr: null, titleLang: 'en' });
    const patched = await call(app, 'PATCH', `/admin/ads/${legacy.body.data.id}`, {
      token: admin,
      headers: AR,
      payload: { titleAr: 'عرض مميز' },
    });
    expect(patched.body.data).toMatchObject({ title: 'عرض مميز', titleLang: 'ar', titleEn: 'Special offer' });
    const none = await call(app, 'PATCH', `/admin/ads/${legacy.body.data.id}`, {
      token: admin,
      payload: { titleEn: '', titleAr: '' },
    });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('TITLE_REQUIRED');
    const list = (await call(app, 'GET', '/admin/ads', { token: admin, query: { search: 'مميز' } })).body
      .data;
    expect(list.items.map((a: { id: number }) => a.id)).toEqual([legacy.body.data.id]);
  });
});
