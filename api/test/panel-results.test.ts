/**
 * The evaluation's results (api/src/lib/panel.ts `computeResults`; docs/decisions/0014-evaluation-panel.md): the
 * arithmetic of the technical, price and final scores, the pass mark, the currencies and the ranking, on hand-made
 * inputs whose answers are worked out in the comments.
 */
import { describe, expect, it } from 'vitest';
import { computeResults, type ResultInput } from '../src/lib/panel.ts';

type P = ResultInput['proposals'][number];
const proposal = (
  proposalId: number,
  price: number,
  scores: [number, number][],
  patch: Partial<P> = {},
): P => ({
  proposalId,
  notResponsive: false,
  technicalPassed: null,
  price,
  priceCurrency: 'QAR',
  // Each pair is one evaluator's scores of criteria 0 and 1.
  scores: scores.flatMap(([a, b]) => [
    { criterion: 0, score: a },
    { criterion: 1, score: b },
  ]),
  ...patch,
});
/** Criteria weighted 60 and 40; 70 technical / 30 financial; pass mark 60. */
const weighted = (proposals: P[], patch: Partial<ResultInput> = {}): ResultInput => ({
  method: 'weighted',
  currency: 'QAR',
  criteria: [{ weight: 60 }, { weight: 40 }],
  technicalWeight: 70,
  financialWeight: 30,
  passMark: 60,
  proposals,
  ...patch,
});
const byId = (rows: ReturnType<typeof computeResults>, id: number) => rows.find((r) => r.proposalId === id)!;

describe('the weighted results', () => {
  it('scores, passes, prices and ranks as the decision record says', () => {
    const rows = computeResults(
      weighted([
        // (8+6)/2 = 7 → 42; (9+7)/2 = 8 → 32: technical 74; lowest passed price 80,000 ÷ 100,000 × 30 = 24;
        // final 74 × 0.7 + 24 = 75.8.
        proposal(1, 100_000, [
          [8, 9],
          [6, 7],
        ]),
        // 6 → 36, 6 → 24: 60, exactly the pass mark; price 80,000: 30; final 42 + 30 = 72.
        proposal(2, 80_000, [
          [6, 6],
          [6, 6],
        ]),
        // 5 → 30, 5 → 20: 50 < 60, fails: no price score, no rank, its low price is not the lowest.
        proposal(3, 50_000, [
          [5, 5],
          [5, 5],
        ]),
      ]),
    );
    expect(byId(rows, 1)).toMatchObject({
      technicalScore: 74,
      technicalPassed: true,
      priceScore: 24,
      finalScore: 75.8,
      rank: 1,
      criteria: [
        { criterion: 0, mean: 7 },
        { criterion: 1, mean: 8 },
      ],
    });
    expect(byId(rows, 2)).toMatchObject({
      technicalScore: 60,
      technicalPassed: true,
      priceScore: 30,
      finalScore: 72,
      rank: 2,
    });
    expect(byId(rows, 3)).toMatchObject({
      technicalScore: 50,
      technicalPassed: false,
      priceScore: null,
      finalScore: null,
      rank: null,
    });
    // Best first, the unranked last.
    expect(rows.map((r) => r.proposalId)).toEqual([1, 2, 3]);
  });

  it('gives equal final scores one rank and skips the next ("1, 1, 3")', () => {
    const same: [number, number][] = [[7, 7]];
    const rows = computeResults(
      weighted([proposal(1, 100_000, same), proposal(2, 100_000, same), proposal(3, 200_000, same)]),
    );
    expect(rows.map((r) => [r.proposalId, r.rank])).toEqual([
      [1, 1],
      [2, 1],
      [3, 3],
    ]);
  });

  it('rounds to two decimals and ranks on the rounded scores', () => {
    // Technical: criterion 0 mean (7+8+8)/3 = 7.6667 → 46; criterion 1 mean 7 → 28: 74 (74.0002 rounds to 74).
    const rows = computeResults(
      weighted(
        [
          proposal(1, 90_000, [
            [7, 7],
            [8, 7],
            [8, 7],
          ]),
          proposal(2, 70_000, [
            [7, 7],
            [8, 7],
            [8, 7],
          ]),
        ],
        { passMark: 0 },
      ),
    );
    expect(byId(rows, 1).criteria[0]!.mean).toBe(7.67);
    expect(byId(rows, 1).technicalScore).toBe(74);
    // 70,000 ÷ 90,000 × 30 = 23.333… → 23.33; final 74 × 0.7 + 23.333… = 75.13.
    expect(byId(rows, 1)).toMatchObject({ priceScore: 23.33, finalScore: 75.13, rank: 2 });
    expect(byId(rows, 2)).toMatchObject({ priceScore: 30, finalScore: 81.8, rank: 1 });
  });

  it('leaves a proposal in another currency without a price score or rank, and out of the lowest price', () => {
    const rows = computeResults(
      weighted([proposal(1, 100_000, [[8, 8]]), proposal(2, 10_000, [[8, 8]], { priceCurrency: 'USD' })]),
    );
    expect(byId(rows, 1)).toMatchObject({ priceScore: 30, rank: 1 });
    expect(byId(rows, 2)).toMatchObject({
      technicalPassed: true,
      priceScore: null,
      finalScore: null,
      rank: null,
    });
  });

  it('fails a proposal marked not responsive, whatever the lock recorded, and scores nothing of it', () => {
    const rows = computeResults(
      weighted([
        proposal(1, 100_000, [[8, 8]]),
        proposal(2, 90_000, [[9, 9]], { notResponsive: true, technicalPassed: true }),
      ]),
    );
    expect(byId(rows, 2)).toMatchObject({ technicalScore: null, technicalPassed: false, rank: null });
    // The lowest passed price is proposal 1's own.
    expect(byId(rows, 1)).toMatchObject({ priceScore: 30, rank: 1 });
  });

  it('keeps the pass or fail the lock recorded', () => {
    const rows = computeResults(weighted([proposal(1, 100_000, [[9, 9]], { technicalPassed: false })]));
    expect(byId(rows, 1)).toMatchObject({ technicalScore: 90, technicalPassed: false, rank: null });
  });
});

describe('the lowest-price results', () => {
  it('passes every responsive proposal and ranks the passed ones by price, ties sharing a rank', () => {
    const rows = computeResults({
      method: 'lowest_price',
      currency: 'QAR',
      criteria: [],
      technicalWeight: null,
      financialWeight: null,
      passMark: null,
      proposals: [
        proposal(1, 120_000, []),
        proposal(2, 90_000, []),
        proposal(3, 90_000, []),
        proposal(4, 10_000, [], { notResponsive: true }),
      ],
    });
    expect(rows.map((r) => [r.proposalId, r.rank, r.technicalPassed])).toEqual([
      [2, 1, true],
      [3, 1, true],
      [1, 3, true],
      [4, null, false],
    ]);
    expect(
      rows.every((r) => r.technicalScore === null && r.priceScore === null && r.finalScore === null),
    ).toBe(true);
  });
});
