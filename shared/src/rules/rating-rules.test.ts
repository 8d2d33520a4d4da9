import { describe, expect, it } from 'vitest';
import {
  type RatingFacts,
  ratingPermissions,
  ratingRefusal,
  ratingsRevealed,
  ratingWindowEnd,
  visibleRatingSides,
} from './rating-rules.ts';

const DAY = 24 * 60 * 60 * 1000;
const closed = new Date('2026-11-01T12:00:00Z');
const at = (days: number) => new Date(closed.getTime() + days * DAY);

const facts = (patch: Partial<RatingFacts> = {}): RatingFacts => ({
  status: 'completed',
  buyer: { companyId: 1, userId: 10 },
  supplier: { companyId: null, userId: 20 },
  closedAt: closed,
  ratings: {},
  ...patch,
});
const buyer = { id: 11, isAdmin: false, companyId: 1, roles: ['buyer'] };
const buyerViewer = { id: 12, isAdmin: false, companyId: 1, roles: ['viewer'] };
const supplier = { id: 20, isAdmin: false, companyId: null };
const stranger = { id: 30, isAdmin: false, companyId: 2, roles: ['admin'] };
const admin = { id: 1, isAdmin: true };

describe('the rating rulebook', () => {
  it('opens a contract to ratings only once it is completed or terminated', () => {
    for (const status of ['pending', 'active'] as const)
      expect(ratingRefusal(facts({ status, closedAt: null }), buyer, 'rate', at(1))).toBe(
        'RATING_CONTRACT_OPEN',
      );
    for (const status of ['completed', 'terminated'] as const)
      expect(ratingRefusal(facts({ status }), buyer, 'rate', at(1))).toBeNull();
  });

  it('lets each side rate for 30 days after the contract closed, and no longer', () => {
    expect(ratingWindowEnd(closed)?.toISOString()).toBe(at(30).toISOString());
    expect(ratingRefusal(facts(), supplier, 'rate', at(30))).toBe('RATING_WINDOW_CLOSED');
    expect(ratingRefusal(facts(), supplier, 'rate', new Date(at(30).getTime() - 1))).toBeNull();
  });

  it('reveals the ratings when both sides rated or the window closed, and then no rating changes', () => {
    const one = facts({ ratings: { buyer: { replied: false } } });
    expect(ratingsRevealed(one, at(1))).toBe(false);
    expect(visibleRatingSides(one, 'buyer', at(1))).toEqual(['buyer']);
    expect(visibleRatingSides(one, 'supplier', at(1))).toEqual(['supplier']);
    expect(visibleRatingSides(one, null, at(1))).toEqual([]);
    expect(ratingRefusal(one, buyer, 'rate', at(1))).toBeNull();
    expect(ratingsRevealed(one, at(30))).toBe(true);
    expect(visibleRatingSides(one, null, at(30))).toEqual(['buyer', 'supplier']);
    const both = facts({ ratings: { buyer: { replied: false }, supplier: { replied: false } } });
    expect(ratingsRevealed(both, at(1))).toBe(true);
    expect(ratingRefusal(both, buyer, 'rate', at(1))).toBe('RATING_REVEALED');
  });

  it("lets the rated side reply once to the other side's revealed rating", () => {
    const theirs = facts({ ratings: { supplier: { replied: false } } });
    expect(ratingRefusal(facts(), buyer, 'reply', at(1))).toBe('RATING_NOT_GIVEN');
    expect(ratingRefusal(theirs, buyer, 'reply', at(1))).toBe('RATING_NOT_REVEALED');
    expect(ratingRefusal(theirs, buyer, 'reply', at(31))).toBeNull();
    // The supplier side rated; it has nothing to reply to.
    expect(ratingRefusal(theirs, supplier, 'reply', at(31))).toBe('RATING_NOT_GIVEN');
    expect(ratingRefusal(facts({ ratings: { supplier: { replied: true } } }), buyer, 'reply', at(31))).toBe(
      'RATING_ALREADY_REPLIED',
    );
  });

  it('acts for a company side through its roles, a person as themselves; nobody else acts', () => {
    expect(ratingRefusal(facts(), buyerViewer, 'rate', at(1))).toBe('COMPANY_ROLE_REQUIRED');
    expect(ratingRefusal(facts(), stranger, 'rate', at(1))).toBe('CONTRACT_NOT_FOUND');
    expect(ratingRefusal(facts(), admin, 'rate', at(1))).toBe('FORBIDDEN');
    expect(ratingRefusal(facts(), null, 'rate', at(1))).toBe('UNAUTHORIZED');
    expect(ratingPermissions(facts(), supplier, at(1))).toEqual({
      can: { rate: true, reply: false },
      refusals: { reply: 'RATING_NOT_GIVEN' },
    });
  });
});
