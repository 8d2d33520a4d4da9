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

  it('keeps the default bond range of 0 to 100000', () => {
    expect(tenderQuery(DEFAULT_FILTERS, 1)).toMatchObject({ minBond: '0', maxBond: '100000' });
  });
});
