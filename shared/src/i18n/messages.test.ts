import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedCatalogs } from '../catalogs.ts';
import { ContactBody } from '../contracts/contact.ts';
import { CONTRACT_MESSAGES, contractMessageIn, VALIDATION_MESSAGES_AR } from '../contracts/messages.ts';
import { activateLanguage, registerCatalogs } from './index.ts';
import { translateMessage } from './messages.ts';

const contact = {
  name: 'Sara',
  email: 'sara@example.qa',
  phone: '55512345',
  subject: 'Hello',
  message: 'x'.repeat(2001),
};
const messageIssue = () => {
  const result = v.safeParse(ContactBody, contact);
  if (result.success) throw new Error('a 2001-character message must be refused');
  return result.issues.find((issue) => v.getDotPath(issue) === 'message')?.message;
};

afterEach(async () => {
  await activateLanguage('en');
});

describe('translateMessage: the one table of validation messages', () => {
  it('shows the contact form’s 2001-character message as a sentence in English and in Arabic', async () => {
    await registerCatalogs('shared', sharedCatalogs);
    await activateLanguage('en');
    expect(translateMessage(messageIssue())).toBe('Message must be at most 2000 characters.');
    await activateLanguage('ar');
    expect(translateMessage(messageIssue())).toBe('يجب ألا تتجاوز الرسالة 2000 حرف.');
  });

  it('translates every contract message in Arabic and leaves it English in English', async () => {
    await registerCatalogs('shared', sharedCatalogs);
    await activateLanguage('ar');
    for (const [english, arabic] of Object.entries(CONTRACT_MESSAGES))
      expect(translateMessage(english)).toBe(arabic);
    await activateLanguage('en');
    for (const english of Object.keys(CONTRACT_MESSAGES)) expect(translateMessage(english)).toBe(english);
  });

  it('shows a message the table does not know as it is (a server message is already translated)', async () => {
    await registerCatalogs('shared', sharedCatalogs);
    await activateLanguage('ar');
    expect(translateMessage('الملف كبير جدًا')).toBe('الملف كبير جدًا');
    expect(translateMessage(undefined)).toBeUndefined();
    expect(translateMessage('')).toBe('');
  });
});

describe('contractMessageIn (for the API’s 422 answers)', () => {
  it('gives the Arabic line of the table, or the message itself', () => {
    expect(contractMessageIn('Email is required.', 'ar')).toBe('البريد الإلكتروني مطلوب.');
    expect(contractMessageIn('Email is required.', 'en')).toBe('Email is required.');
    expect(contractMessageIn('Not in the table', 'ar')).toBe('Not in the table');
    expect(contractMessageIn('toString', 'ar')).toBe('toString');
  });

  it('has Arabic (Arabic letters) for every line', () => {
    for (const arabic of Object.values(VALIDATION_MESSAGES_AR)) expect(arabic).toMatch(/[\u0600-\u06FF]/);
  });
});
