import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp, outbox, type TestApp } from './helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.cleanup();
});

const message = {
  name: 'Mariam Al-Kuwari',
  email: 'mariam@example.qa',
  phone: '55512345',
  subject: 'Listing <my> company',
  message: 'How do I list my company?',
};

describe('POST /contact', () => {
  it('mails the message to the back-office address', async () => {
    const backOffice = (await call(app, 'GET', '/bo-setting')).body.data.email;
    const before = outbox(app).length;
    const r = await call(app, 'POST', '/contact', { payload: message });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ ok: true });
    const mails = outbox(app);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toBe(backOffice);
    expect(mail.subject).toBe('[Bawaba contact] Listing <my> company');
    expect(mail.text).toContain('Mariam Al-Kuwari <mariam@example.qa>');
    expect(mail.text).toContain('How do I list my company?');
    // The HTML part escapes what the visitor typed.
    expect(mail.html).toContain('Listing &#60;my&#62; company');
    expect(mail.html).not.toContain('<my>');
  });

  it('refuses an invalid form with the field named, and sends nothing', async () => {
    const before = outbox(app).length;
    const r = await call(app, 'POST', '/contact', { payload: { ...message, phone: '+974 abc' } });
    expect(r.status).toBe(422);
    expect(r.body.message).toContain('Phone must contain digits only.');
    expect(outbox(app)).toHaveLength(before);
  });
});
