/**
 * Every message a client can be shown for a refused input is translated: each failure message of every contract
 * (every valibot check in shared/src/contracts), of the forms' own rules and of the API's own checks has its
 * Arabic, and the API answers each — in `message` and in every `issues[].message` — in the caller's language;
 * what valibot would word itself (a check without a message of its own) never reaches a client.
 */
import * as contracts from '@bawaba/shared/contracts';
import {
  API_MESSAGES,
  FORM_RULE_MESSAGES,
  INVALID_VALUE,
  VALIDATION_MESSAGES_AR,
} from '@bawaba/shared/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../src/errors.ts';
import { ValidationError, validationBody } from '../src/http.ts';
import { BIDDER, call, login, makeApp, OWNER, type TestApp } from './helpers.ts';

const ARABIC = /[\u0600-\u06FF]/;
/** valibot's own English: "Invalid type: Expected string but received 5", "Invalid key: Expected … but received …". */
const VALIBOT_WORDING = /Invalid [\w ]+: (Expected .* but received|Received) /;

/**
 * Every failure message of the contracts: a walk over every exported schema (and zero-argument schema factory)
 * of shared/src/contracts, through objects, arrays, unions, optionals and pipes, collecting the `message` of each
 * schema and validation action. `unworded` lists the validation actions without a message of their own.
 */
function contractMessages() {
  const messages = new Set<string>();
  const unworded: string[] = [];
  const seen = new WeakSet<object>();
  const isNode = (x: unknown): x is Record<string, unknown> =>
    typeof x === 'object' && x !== null && 'kind' in x && 'type' in x;
  const walk = (node: Record<string, unknown>, where: string) => {
    if (seen.has(node)) return;
    seen.add(node);
    if (typeof node.message === 'string') messages.add(node.message);
    else if (node.kind === 'validation') unworded.push(`${where}: ${String(node.type)}`);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'default' || key === 'fallback') continue;
      const subs = Array.isArray(value)
        ? value
        : isNode(value)
          ? [value]
          : key === 'entries'
            ? Object.values(value as object)
            : [];
      for (const sub of subs) if (isNode(sub) && sub !== node) walk(sub, `${where}.${key}`);
    }
  };
  for (const [name, value] of Object.entries(contracts)) {
    if (isNode(value)) walk(value, name);
    else if (typeof value === 'function' && value.length === 0) {
      const made: unknown = (value as () => unknown)();
      if (isNode(made)) walk(made, `${name}()`);
    }
  }
  return { messages: [...messages], unworded };
}

describe('every contract failure message, in both languages', () => {
  const walked = contractMessages();
  const all = [
    ...new Set([...walked.messages, ...Object.keys(FORM_RULE_MESSAGES), ...Object.keys(API_MESSAGES)]),
  ];

  it('walks the contracts: every check has a fixed message of its own, and every message has Arabic', () => {
    expect(walked.messages.length).toBeGreaterThan(100);
    expect(walked.unworded).toEqual([]);
    for (const message of all) {
      const ar = VALIDATION_MESSAGES_AR[message] ?? '';
      expect(ar, message).toMatch(ARABIC);
      expect(ar, message).not.toBe(message);
      expect(message, 'an English message written in valibot’s words').not.toMatch(VALIBOT_WORDING);
    }
  });

  it('the API answers each of them in the caller’s language, in `message` and in `issues`', () => {
    for (const message of all) {
      const err = new ValidationError([
        { field: 'a', message },
        { field: 'b.0', message },
      ]);
      const en = validationBody(err, 'en');
      expect(en.message).toBe(`a: ${message}`);
      expect(en.issues).toEqual([
        { field: 'a', message },
        { field: 'b.0', message },
      ]);
      const ar = validationBody(err, 'ar');
      const arabic = VALIDATION_MESSAGES_AR[message]!;
      expect(ar.message).toBe(`${ERRORS.VALIDATION_FAILED.ar} — a: ${arabic}`);
      expect(ar.issues).toEqual([
        { field: 'a', message: arabic },
        { field: 'b.0', message: arabic },
      ]);
    }
  });

  it('answers its own translated message instead of valibot’s wording', () => {
    const err = new ValidationError([
      { field: 'title', message: 'Invalid type: Expected string but received 5' },
    ]);
    expect(validationBody(err, 'en').issues).toEqual([{ field: 'title', message: INVALID_VALUE }]);
    expect(validationBody(err, 'ar').issues).toEqual([
      { field: 'title', message: API_MESSAGES[INVALID_VALUE] },
    ]);
  });
});

describe('422 answers on the wire', () => {
  let app: TestApp;
  let owner: string;
  let bidder: string;
  beforeAll(async () => {
    app = await makeApp();
    [owner, bidder] = await Promise.all([login(app, OWNER), login(app, BIDDER)]);
  });
  afterAll(async () => {
    await app.cleanup();
  });

  /** The refusals users met untranslated: field messages of clarifications, amendments, follows and new tenders,
   * and valibot's own text for a bad filter or an unknown currency. */
  const refusals = (): [
    string,
    string,
    { token?: string; payload?: unknown; query?: Record<string, string> },
  ][] => [
    ['POST', '/tenders/1/clarifications', { token: bidder, payload: {} }],
    ['POST', '/tenders/1/amendments', { token: owner, payload: {} }],
    ['POST', '/follows', { token: bidder, payload: {} }],
    ['POST', '/follows', { token: bidder, payload: { service: 'abc' } }],
    ['POST', '/tenders', { token: owner, payload: {} }],
    [
      'POST',
      '/tenders',
      { token: owner, payload: { title: 5, currency: 'XYZ', budget: 'lots', serviceIds: 'x' } },
    ],
    ['GET', '/tenders', { query: { serviceId: 'x' } }],
    ['GET', '/tenders', { query: { categoryId: '1.5' } }],
    ['GET', '/notification', { token: bidder, query: { limit: 'abc' } }],
  ];

  it('translates every issue in Arabic and never shows valibot’s wording, in either language', async () => {
    for (const [method, url, o] of refusals()) {
      const what = `${method} ${url} ${JSON.stringify(o.payload ?? o.query)}`;
      const ar = await call(app, method, url, { ...o, headers: { 'accept-language': 'ar' } });
      expect(ar.status, what).toBe(422);
      expect(ar.body.issues.length, what).toBeGreaterThan(0);
      expect(ar.body.message, what).toMatch(ARABIC);
      expect(ar.body.message, what).not.toMatch(VALIBOT_WORDING);
      for (const issue of ar.body.issues as { field: string; message: string }[]) {
        expect(issue.message, `${what} ${issue.field}`).toMatch(ARABIC);
        expect(Object.values(VALIDATION_MESSAGES_AR), `${what} ${issue.field}`).toContain(issue.message);
      }
      const en = await call(app, method, url, { ...o, headers: { 'accept-language': 'en' } });
      expect(en.status, what).toBe(422);
      expect(en.body.message, what).not.toMatch(VALIBOT_WORDING);
      for (const issue of en.body.issues as { field: string; message: string }[]) {
        expect(issue.message, `${what} ${issue.field}`).not.toMatch(ARABIC);
        expect(Object.keys(VALIDATION_MESSAGES_AR), `${what} ${issue.field}`).toContain(issue.message);
      }
    }
  });

  it('names what is wrong: an unknown currency and a filter that is no id', async () => {
    const ar = { 'accept-language': 'ar' };
    const currency = await call(app, 'POST', '/tenders', {
      token: owner,
      payload: { currency: 'XYZ' },
      headers: ar,
    });
    expect(currency.body.issues).toContainEqual({
      field: 'currency',
      message: 'عملة غير معروفة: اختر QAR أو USD أو EUR.',
    });
    const filter = await call(app, 'GET', '/tenders', { query: { serviceId: 'x' } });
    expect(filter.body.issues).toEqual([{ field: 'serviceId', message: 'Must be a valid id' }]);
    expect(filter.body.message).toBe('serviceId: Must be a valid id');
    const clarification = await call(app, 'POST', '/tenders/1/clarifications', {
      token: bidder,
      payload: {},
      headers: ar,
    });
    expect(clarification.body.issues).toEqual([{ field: 'question', message: 'السؤال مطلوب.' }]);
  });
});
