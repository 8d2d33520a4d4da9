import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, TENDER_PAGE_SIZE, tenderQuery } from './api.ts';

describe('tenderQuery', () => {
  it('sends only the filters that are set, with the budget range, page and page size', () => {
    const query = tenderQuery(
      { ...DEFAULT_FILTERS, minBudget: '100000', maxBudget: ' 250000 ', title: '' },
      3,
    );
    expect(query).toMatchObject({ minBudget: '100000', maxBudget: '250000', page: '3' });
    expect(query.limit).toBe(String(TENDER_PAGE_SIZE));
    expect(query).not.toHaveProperty('title');
  });

  it('does not filter by the starting bond range of 0 to 100000, only by a range the user changed', () => {
    const query = tenderQuery(DEFAULT_FILTERS, 1);
    expect(query).not.toHaveProperty('minBond');
    expect(query).not.toHaveProperty('maxBond');
    expect(tenderQuery({ ...DEFAULT_FILTERS, maxBond: '250000' }, 1)).toMatchObject({ maxBond: '250000' });
    expect(tenderQuery({ ...DEFAULT_FILTERS, minBond: '5000' }, 1)).toMatchObject({ minBond: '5000' });
  });
});
