import { tenderPermissions } from '@bawaba/shared/rules';
import { describe, expect, it } from 'vitest';
import { tender } from '../test-utils.tsx';
import { cellKey, cellsLeft, isFilled, panelOnTenderPage, scoresToSave, sheetOf } from './panel.ts';

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

describe('the panel on the tender page', () => {
  const company = 4;
  const weighted = { ...tender().evaluation, method: 'weighted' as const, envelopes: 2 as const };
  const facts = {
    ownerId: 7,
    companyId: company,
    status: 'open',
    approvalStatus: 'approved',
    isPublished: true,
    outcome: null,
    deadline: new Date(Date.now() - 86_400_000).toISOString(),
    clarificationCutoff: null,
    evaluationMethod: 'weighted',
    envelopes: 2,
    technicalLockedAt: new Date().toISOString(),
  };
  const member = { id: 9, isAdmin: false, companyId: company, roles: ['viewer'] };
  const pageFor = (panel: object | undefined, viewer = member, isOwner = true) =>
    panelOnTenderPage(
      tender({
        state: 'bids_opened',
        isOwner,
        isPastDeadline: true,
        evaluation: weighted,
        ...tenderPermissions(facts, { viewer, interest: null, hasProposal: false, panel } as never),
      }),
    );

  it('stays for a panel member after the lock, when no action is left to offer', () => {
    expect(pageFor({ chair: true, declaration: 'signed', submitted: true })).toBe(true);
    expect(pageFor({ chair: false, declaration: 'signed', submitted: true })).toBe(true);
  });

  it('is not shown to the buyer side off the panel, to one who declined, or to a bidder', () => {
    expect(pageFor(undefined)).toBe(false);
    expect(pageFor({ chair: false, declaration: 'declined', submitted: false })).toBe(false);
    expect(pageFor(undefined, { id: 3, isAdmin: false, companyId: 8, roles: ['bidder'] }, false)).toBe(false);
  });
});
