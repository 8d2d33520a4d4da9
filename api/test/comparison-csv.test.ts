/**
 * The comparison CSV in both languages: headers and every coded value (payment terms, payment status, evaluation,
 * yes/no) in words of the caller's language, never the API's codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownTenders } from './fixtures.ts';
import { call, login, makeApp, OWNER, type TestApp } from './helpers.ts';

let app: TestApp;
let owner: string;
beforeAll(async () => {
  app = await makeApp();
  owner = await login(app, OWNER);
});
afterAll(async () => {
  await app.cleanup();
});

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks), without the byte order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (ch !== '\r') cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const CODES =
  /^(30_days|60_days|advance|custom|not_required|unpaid|paid|failed|shortlisted|not_responsive|yes|no)$/;

describe('the comparison CSV', () => {
  it('writes every coded value in words, in English and in Arabic', async () => {
    const past = (await ownTenders(app, owner)).find(
      (t) => t.approvalStatus.status === 'approved' && t.status === 'open' && t.isPastDeadline,
    )!;
    const rows = (await call(app, 'GET', `/tenders/${past.id}/comparison`, { token: owner })).body.data
      .rows as {
      proposalId: number;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    const evaluated = await call(
      app,
      'POST',
      `/tenders/${past.id}/proposals/${rows[0]!.proposalId}/evaluation`,
      {
        token: owner,
        payload: { evaluation: 'shortlisted' },
      },
    );
    expect(evaluated.status).toBe(200);

    const csv = async (language: 'en' | 'ar') => {
      const r = await call(app, 'GET', `/tenders/${past.id}/comparison.csv`, {
        token: owner,
        headers: { 'accept-language': language },
      });
      expect(r.status).toBe(200);
      const [head, ...body] = parseCsv(r.res.body);
      return body.map((cells) => Object.fromEntries(head!.map((h, i) => [h, cells[i] ?? ''])));
    };
    const en = await csv('en');
    const ar = await csv('ar');
    expect(en).toHaveLength(rows.length);
    expect(ar).toHaveLength(rows.length);
    for (const [i, row] of en.entries()) {
      for (const value of Object.values(row)) expect(value).not.toMatch(CODES);
      expect(['Net 30 Days', 'Net 60 Days', '50% Advance, 50% Completion', 'Custom Terms']).toContain(
        row['Payment terms'],
      );
      expect(['No payment required', 'Unpaid', 'Paid', 'Payment failed']).toContain(row['Fee/bond payment']);
      expect(['Shortlisted', 'Not responsive', 'Not evaluated']).toContain(row.Evaluation);
      expect(['Yes', 'No']).toContain(row['Predates latest amendment']);
      const arabic = ar[i]!;
      for (const value of Object.values(arabic)) expect(value).not.toMatch(CODES);
      for (const column of ['شروط الدفع', 'دفع الرسوم/الضمان', 'التقييم', 'قبل آخر تعديل'])
        expect(arabic[column], column).toMatch(/[\u0600-\u06FF]/);
    }
    expect(en[0]!.Evaluation).toBe('Shortlisted');
    expect(ar[0]).toMatchObject({ التقييم: 'في القائمة المختصرة' });
    expect(ar.map((r) => r['قبل آخر تعديل'])).toEqual(
      en.map((r) => (r['Predates latest amendment'] === 'Yes' ? 'نعم' : 'لا')),
    );
  });
});
