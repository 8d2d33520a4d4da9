import { describe, expect, it } from 'vitest';
import { paramsOf, queryFromParams } from './search-params.ts';

describe('the directory search in the URL', () => {
  it('reads the footer link parameters (inputValue, location) and defaults the rest', () => {
    expect(queryFromParams(new URLSearchParams('inputValue=Web%20Development&location=3'))).toEqual({
      services: [],
      name: 'Web Development',
      location: '3',
      page: 1,
    });
  });

  it('ignores malformed values', () => {
    expect(queryFromParams(new URLSearchParams('services=1,x,2&location=doha&page=-4'))).toEqual({
      services: [1, 2],
      name: '',
      location: '',
      page: 1,
    });
  });

  it('writes a search back, keeping unrelated parameters and dropping defaults', () => {
    const url = paramsOf(
      { services: [9, 2], name: ' Cloud ', location: '', page: 1 },
      new URLSearchParams('mf-override=x&page=4&location=2'),
    );
    expect(url.toString()).toBe('mf-override=x&inputValue=Cloud&services=2%2C9');
    expect(queryFromParams(paramsOf({ services: [], name: '', location: '5', page: 3 }))).toEqual({
      services: [],
      name: '',
      location: '5',
      page: 3,
    });
  });
});
