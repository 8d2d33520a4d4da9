import { describe, expect, it } from 'vitest';
import type { DirectoryQuery } from '../../api.ts';
import { paramsOf, queryFromParams } from './search-params.ts';

describe('the directory search in the URL', () => {
  it('reads the footer link parameters (inputValue, location) and defaults the rest', () => {
    expect(queryFromParams(new URLSearchParams('inputValue=Web%20Development&location=3'))).toEqual({
      services: [],
      name: 'Web Development',
      location: '3',
      reputation: '',
      sort: '',
      page: 1,
    });
  });

  it('ignores malformed values', () => {
    expect(
      queryFromParams(new URLSearchParams('services=1,x,2&location=doha&page=-4&reputation=2&sort=name')),
    ).toEqual({
      services: [1, 2],
      name: '',
      location: '',
      reputation: '',
      sort: '',
      page: 1,
    });
  });

  it('writes a search back, keeping unrelated parameters and dropping defaults', () => {
    const url = paramsOf(
      { services: [9, 2], name: ' Cloud ', location: '', reputation: '', sort: '', page: 1 },
      new URLSearchParams('mf-override=x&page=4&location=2'),
    );
    expect(url.toString()).toBe('mf-override=x&inputValue=Cloud&services=2%2C9');
    const search: DirectoryQuery = {
      services: [],
      name: '',
      location: '5',
      reputation: '',
      sort: '',
      page: 3,
    };
    expect(queryFromParams(paramsOf(search))).toEqual(search);
  });

  it('keeps the reputation filter and the order by rating', () => {
    const url = paramsOf({
      services: [],
      name: '',
      location: '',
      reputation: '4',
      sort: 'rating',
      page: 1,
    });
    expect(url.toString()).toBe('reputation=4&sort=rating');
    expect(queryFromParams(url)).toMatchObject({ reputation: '4', sort: 'rating' });
    expect(queryFromParams(new URLSearchParams('reputation=delivered')).reputation).toBe('delivered');
    // Only the form's choices.
    expect(queryFromParams(new URLSearchParams('reputation=4.5')).reputation).toBe('');
  });
});
