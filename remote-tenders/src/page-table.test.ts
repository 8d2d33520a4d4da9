import { REMOTE_APPS, SIGNED_IN_SEGMENTS } from '@bawaba/shared';
import { segmentProblems } from '@bawaba/shared/pages';
import { describe, expect, it } from 'vitest';
import { TENDER_PAGES } from './page-table.ts';

describe('the tenders page table', () => {
  it('covers exactly the segments the host routes here, guarded as the host guards them', () => {
    expect(segmentProblems(TENDER_PAGES, REMOTE_APPS.tenders.segments, SIGNED_IN_SEGMENTS)).toEqual([]);
  });
});
