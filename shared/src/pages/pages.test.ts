import { describe, expect, it } from 'vitest';
import { mayOpen, menuPages, type PageTable, pagePattern, pagesBySegment } from './index.ts';

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

  it('groups the pages by segment in the table order', () => {
    const grouped = pagesBySegment(TABLE);
    expect(Object.keys(grouped)).toEqual(['things', 'mine']);
    expect(grouped.mine!.map((p) => p.name)).toEqual(['mine', 'review', 'help']);
  });

  it('lists the menu pages a user may open, in menu order', () => {
    expect(menuPages(TABLE, { isAdmin: false }).map((p) => p.name)).toEqual(['mine', 'help']);
    expect(menuPages(TABLE, { isAdmin: true }).map((p) => p.name)).toEqual(['review', 'help']);
  });
});
