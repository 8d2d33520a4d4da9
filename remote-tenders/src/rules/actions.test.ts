import { describe, expect, it } from 'vitest';
import { tenderActions } from './actions.ts';

const bidder = { id: 3, isAdmin: false };
const owner = { id: 7, isAdmin: false };
const admin = { id: 1, isAdmin: true };

const base = {
  status: 'open' as const,
  ownerId: 7,
  isOwner: false,
  isPastDeadline: false,
  isProposalSubmitted: false,
  isInterestSubmitted: false,
  isInterestApproved: false,
  state: 'published' as const,
};

describe('tender action matrix', () => {
  it('open tender: a non-owner may submit a proposal, until one was submitted', () => {
    expect(tenderActions(base, bidder)).toEqual({ proposal: 'enabled', interest: 'hidden' });
    expect(tenderActions({ ...base, isProposalSubmitted: true }, bidder)).toEqual({
      proposal: 'disabled',
      interest: 'hidden',
    });
  });

  it('closed tender: Interest while none was submitted, disabled after submission', () => {
    const closed = { ...base, status: 'closed' as const };
    expect(tenderActions(closed, bidder)).toEqual({ proposal: 'hidden', interest: 'enabled' });
    expect(tenderActions({ ...closed, isInterestSubmitted: true }, bidder)).toEqual({
      proposal: 'hidden',
      interest: 'disabled',
    });
    // Just submitted in this page (the server's flag arrives with the next load).
    expect(tenderActions(closed, bidder, true)).toEqual({ proposal: 'hidden', interest: 'disabled' });
  });

  it('closed tender: Submit Proposal only once interest was submitted and approved', () => {
    const approved = {
      ...base,
      status: 'closed' as const,
      isInterestSubmitted: true,
      isInterestApproved: true,
    };
    expect(tenderActions(approved, bidder)).toEqual({ proposal: 'enabled', interest: 'hidden' });
    expect(tenderActions({ ...approved, isProposalSubmitted: true }, bidder)).toEqual({
      proposal: 'disabled',
      interest: 'hidden',
    });
  });

  it('the owner sees nothing, whether the server flags it or the ids match', () => {
    for (const status of ['open', 'closed'] as const) {
      expect(tenderActions({ ...base, status, isOwner: true }, owner)).toEqual({
        proposal: 'hidden',
        interest: 'hidden',
      });
      expect(tenderActions({ ...base, status }, owner)).toEqual({ proposal: 'hidden', interest: 'hidden' });
    }
  });

  it('an admin sees no bidder action on any tender (the API refuses the role)', () => {
    for (const tender of [
      base,
      { ...base, status: 'closed' as const },
      { ...base, status: 'closed' as const, isInterestSubmitted: true, isInterestApproved: true },
    ]) {
      expect(tenderActions(tender, admin)).toEqual({ proposal: 'hidden', interest: 'hidden' });
    }
  });

  it('anonymous visitors get the non-owner buttons (clicking leads to sign-in)', () => {
    expect(tenderActions(base, null).proposal).toBe('enabled');
    expect(tenderActions({ ...base, status: 'closed' }, null).interest).toBe('enabled');
  });

  it('after the deadline, and once the tender ended, nobody sees Submit Proposal or Interest', () => {
    const none = { proposal: 'hidden', interest: 'hidden' };
    for (const viewer of [bidder, null]) {
      for (const status of ['open', 'closed'] as const) {
        expect(
          tenderActions({ ...base, status, isPastDeadline: true, state: 'bids_opened' }, viewer),
        ).toEqual(none);
        for (const state of ['awarded', 'no_award', 'cancelled'] as const) {
          expect(tenderActions({ ...base, status, state }, viewer), state).toEqual(none);
        }
      }
      // The flag alone hides them too (a page loaded just before the deadline is reloaded after it).
      expect(tenderActions({ ...base, isPastDeadline: true }, viewer)).toEqual(none);
    }
  });
});
