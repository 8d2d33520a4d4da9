import { describe, expect, it } from 'vitest';
import { TENDER_STAGES, tenderStage } from './tender-stage.ts';

describe('tenderStage', () => {
  it('shows the open/closed access only while a tender is prepared or accepting proposals', () => {
    const shows = TENDER_STAGES.filter((state) => tenderStage({ state }).showsAccess);
    expect(shows).toEqual(['draft', 'pending_approval', 'rejected', 'published']);
    expect(TENDER_STAGES.filter((state) => tenderStage({ state }).ended)).toEqual([
      'awarded',
      'no_award',
      'cancelled',
    ]);
    expect(TENDER_STAGES.filter((state) => tenderStage({ state }).accepting)).toEqual(['published']);
  });
});
