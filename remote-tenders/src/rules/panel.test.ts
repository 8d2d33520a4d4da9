import { describe, expect, it } from 'vitest';
import { cellKey, cellsLeft, isFilled, scoresToSave, sheetOf } from './panel.ts';

describe('the scoring sheet', () => {
  it('starts from the scores the evaluator saved', () => {
    const sheet = sheetOf([
      { evaluatorId: 5, proposalId: 3, criterion: 1, score: 7, comment: 'Good plan', revisit: null },
    ]);
    expect(sheet).toEqual({ '3:1': { score: '7', comment: 'Good plan' } });
  });

  it('counts a cell as filled only with a whole score 0–10 and a comment', () => {
    expect(isFilled({ score: '10', comment: 'x' })).toBe(true);
    expect(isFilled({ score: '0', comment: 'x' })).toBe(true);
    expect(isFilled({ score: '11', comment: 'x' })).toBe(false);
    expect(isFilled({ score: '7.5', comment: 'x' })).toBe(false);
    expect(isFilled({ score: '7', comment: '  ' })).toBe(false);
    expect(isFilled(undefined)).toBe(false);
  });

  it('saves the typed criteria of one proposal, and says how many cells are left', () => {
    const draft = {
      [cellKey(3, 0)]: { score: '8', comment: 'Clear' },
      [cellKey(3, 1)]: { score: '', comment: '' },
      [cellKey(4, 0)]: { score: '', comment: 'No score yet' },
    };
    expect(scoresToSave(draft, 3, 2)).toEqual({ scores: [{ criterion: 0, score: 8, comment: 'Clear' }] });
    expect(scoresToSave(draft, 4, 2)?.scores[0]?.score).toBeNaN();
    expect(scoresToSave(draft, 5, 2)).toBeNull();
    expect(cellsLeft(draft, [3, 4], 2)).toBe(3);
  });
});
