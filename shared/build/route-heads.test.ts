import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEADS_FILE, headsSource, routeEntries, routeList } from './route-heads.ts';

describe('route heads (what the front ends call with)', () => {
  it('are the entries of the contract: regenerate with `node shared/build/route-heads.ts` after adding a route', () => {
    expect(readFileSync(HEADS_FILE, 'utf8')).toBe(headsSource());
  });

  it('hold one unique method and path per entry', () => {
    const keys = routeEntries().map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(routeList()).toContain('| GET | `/api/v1/ads/active` | public |');
  });
});
