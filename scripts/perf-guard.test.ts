/** The performance guard's verdict (node --test; scripts/perf-guard.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type InteractionResult, merge, type PageResult, verdict } from './perf-guard.ts';

const expected = { pages: ['/home', '/service'], kinds: ['keyword', 'language'] as const };
const page = (p: string, score: number): PageResult => ({
  page: p,
  score,
  scores: [score - 1, score, score + 1],
});
const interaction = (kind: 'keyword' | 'language', p75Ms: number): InteractionResult => ({
  kind,
  label: kind,
  p75Ms,
  samples: [p75Ms],
});

test('passes at the limits: score 90, p75 200 ms', () => {
  const v = verdict(
    [page('/home', 90), page('/service', 97)],
    [interaction('keyword', 200), interaction('language', 40)],
    expected,
  );
  assert.deepEqual(v, { ok: true, failures: [], pages: [], kinds: [] });
});

test('fails a median score below 90 and a p75 over 200 ms, naming each and what to measure again', () => {
  const v = verdict(
    [page('/home', 89), page('/service', 95)],
    [interaction('keyword', 201), interaction('language', 90)],
    expected,
  );
  assert.equal(v.ok, false);
  assert.deepEqual(v.pages, ['/home']);
  assert.deepEqual(v.kinds, ['keyword']);
  assert.equal(v.failures.length, 2);
  assert.match(v.failures[0]!, /\/home: Lighthouse score 89 < 90 \(runs 88, 89, 90\)/);
  assert.match(v.failures[1]!, /keyword: p75 201 ms > 200 ms/);
});

test('a page or an interaction without a figure fails (a guard that measured nothing must not pass)', () => {
  const v = verdict(
    [page('/home', 99)],
    [interaction('keyword', 50), interaction('language', Number.NaN)],
    expected,
  );
  assert.equal(v.ok, false);
  assert.deepEqual(v.pages, ['/service']);
  assert.deepEqual(v.kinds, ['language']);
  assert.equal(verdict([], [], expected).failures.length, 4);
});

test('figures measured again replace the first ones; the others stay', () => {
  const first = [page('/home', 80), page('/service', 96)];
  const merged = merge(first, [page('/home', 93)], (p) => p.page);
  assert.deepEqual(
    merged.map((p) => [p.page, p.score]),
    [
      ['/home', 93],
      ['/service', 96],
    ],
  );
  assert.equal(verdict(merged, [interaction('keyword', 10), interaction('language', 10)], expected).ok, true);
});
