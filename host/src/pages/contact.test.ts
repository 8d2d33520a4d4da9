import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ContactForm, contactMailto } from './contact.ts';

const valid = {
  name: 'Mariam',
  email: 'm@example.qa',
  phone: '55512345',
  subject: 'Partnership',
  message: 'Hello & welcome',
};

describe('contact form', () => {
  it('requires every field and digits-only phone', () => {
    const result = v.safeParse(ContactForm, { ...valid, phone: '+974 555', subject: ' ' });
    expect(result.success).toBe(false);
    const messages = result.issues?.map((i) => i.message);
    expect(messages).toContain('Phone must contain digits only.');
    expect(messages).toContain('Subject is required.');
    expect(v.safeParse(ContactForm, valid).success).toBe(true);
  });

  it('composes a mailto: to the back-office address with subject and body', () => {
    const href = contactMailto('info@bawaba.qa', valid, { name: 'Name', email: 'Email', phone: 'Phone' });
    expect(href.startsWith('mailto:info@bawaba.qa?subject=Partnership&body=')).toBe(true);
    const body = decodeURIComponent(href.split('&body=')[1] ?? '');
    expect(body).toContain('Hello & welcome');
    expect(body).toContain('Phone: 55512345');
  });
});
