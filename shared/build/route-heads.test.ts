import { describe, expect, it } from 'vitest';
import { headsOnDisk, headsSources, routeEntries, routeList } from './route-heads.ts';

describe('route heads (what the front ends call with)', () => {
  it('are the entries of the contract, one module per contract file: regenerate with `node shared/build/route-heads.ts` after adding a route', () => {
    const written = headsOnDisk();
    const expected = headsSources();
    expect([...written.keys()]).toEqual([...expected.keys()].sort());
    for (const [file, source] of expected) expect(written.get(file), file).toBe(source);
  });

  it('hold one unique method and path per entry, each in the module of the file that declares it', () => {
    const keys = routeEntries().map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(routeList()).toContain('| GET | `/api/v1/ads/active` | public |');
    expect(headsSources().get('ads.ts')).toContain('export const activeAd: Head<typeof E.activeAd>');
    expect(headsSources().get('tenders.ts')).not.toContain('activeAd');
  });
});
