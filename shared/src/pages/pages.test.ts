import { describe, expect, it } from 'vitest';
import { mayOpen, menuPages, type PageTable, pagePattern, segmentProblems, segmentRoutes } from './index.ts';

const TABLE = {
  list: { segment: 'things', path: '', access: 'public', ready: 'things' },
  one: { segment: 'things', path: ':id', access: 'signed-in', ready: 'thing', record: 'company' },
  mine: { segment: 'mine', path: '', access: 'not-admin', ready: 'mine', menu: { order: 2 } },
  review: { segment: 'mine', path: 'review', access: 'admin', ready: 'review', menu: { order: 1 } },
  help: { segment: 'mine', path: 'help', access: 'signed-in', ready: 'help', menu: { order: 3 } },
} as const satisfies PageTable;

describe('page tables', () => {
  it('lets each audience open exactly its pages', () => {
    const visitor = null;
    const member = { isAdmin: false };
    const admin = { isAdmin: true };
    expect([visitor, member, admin].map((u) => mayOpen('public', u))).toEqual([true, true, true]);
    expect([visitor, member, admin].map((u) => mayOpen('signed-in', u))).toEqual([false, true, true]);
    expect([visitor, member, admin].map((u) => mayOpen('not-admin', u))).toEqual([false, true, false]);
    expect([visitor, member, admin].map((u) => mayOpen('admin', u))).toEqual([false, false, true]);
  });

  it('gives each page its URL pattern', () => {
    expect(Object.values(TABLE).map(pagePattern)).toEqual([
      '/things',
      '/things/:id',
      '/mine',
      '/mine/review',
      '/mine/help',
    ]);
  });

  it('routes each segment to its pages in the table order, its own page as the index', () => {
    expect(segmentRoutes(TABLE, (name) => name)).toEqual({
      things: [
        { index: true, element: 'list' },
        { path: ':id', element: 'one' },
      ],
      mine: [
        { index: true, element: 'mine' },
        { path: 'review', element: 'review' },
        { path: 'help', element: 'help' },
      ],
    });
  });

  it('lists the menu pages a user may open, in menu order', () => {
    expect(menuPages(TABLE, { isAdmin: false }).map((p) => p.name)).toEqual(['mine', 'help']);
    expect(menuPages(TABLE, { isAdmin: true }).map((p) => p.name)).toEqual(['review', 'help']);
  });

  it('finds where a table and the host segment lists disagree', () => {
    expect(segmentProblems(TABLE, ['things', 'mine'], ['mine'])).toEqual([
      'one: signed-in page in a public segment',
    ]);
    expect(segmentProblems(TABLE, ['things', 'mine', 'extra'], ['things', 'mine'])).toEqual([
      'extra: no page',
      'list: public page in a signed-in segment',
    ]);
    const { one: _one, ...open } = TABLE;
    expect(segmentProblems(open, ['things', 'mine'], ['mine'])).toEqual([]);
    expect(segmentProblems(open, ['things'], [])).toContain("mine: segment mine is not the app's");
  });
});
