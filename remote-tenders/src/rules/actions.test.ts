import { TENDER_STAGES } from '@bawaba/shared/rules';
import { describe, expect, it } from 'vitest';
import { tender } from '../test-utils.tsx';
import { proposalBlock, tenderActions } from './actions.ts';

const owner = { id: 7, isAdmin: false };
const bidder = { id: 3, isAdmin: false };
const admin = { id: 1, isAdmin: true };

/** The bidder's situations a tender page meets (the flags the API sends with the tender). */
const SITUATIONS = {
  none: {},
  interestPending: { isInterestSubmitted: true },
  interestApproved: { isInterestSubmitted: true, isInterestApproved: true },
  proposalSubmitted: { isProposalSubmitted: true },
} as const;

describe('the bidder buttons follow the API’s `can`', () => {
  it('offers exactly the actions `can` allows, in every state, role, access and bidder situation', () => {
    for (const state of TENDER_STAGES)
      for (const status of ['open', 'closed'] as const)
        for (const [who, viewer] of [
          ['owner', owner],
          ['bidder', bidder],
          ['admin', admin],
        ] as const)
          for (const [situation, flags] of Object.entries(SITUATIONS)) {
            const t = tender({ state, status, ...flags }, viewer);
            const shown = tenderActions(t);
            const label = `${state} ${status} ${who} ${situation}`;
            expect(shown.proposal === 'enabled', label).toBe(t.can.submitProposal);
            expect(shown.interest === 'enabled', label).toBe(t.can.expressInterest);
            // A greyed-out button is only ever one whose action was already taken.
            if (shown.proposal === 'disabled') expect(t.refusals.submitProposal).toBe('PROPOSAL_EXISTS');
            if (shown.interest === 'disabled') expect(t.refusals.expressInterest).toBe('INTEREST_EXISTS');
          }
  });

  it('open tender: Submit Proposal, greyed out once a proposal was submitted', () => {
    expect(tenderActions(tender({}, bidder))).toEqual({ proposal: 'enabled', interest: 'hidden' });
    expect(tenderActions(tender({ isProposalSubmitted: true }, bidder))).toEqual({
      proposal: 'disabled',
      interest: 'hidden',
    });
  });

  it('closed tender: Interest until it was expressed, then Submit Proposal once it was approved', () => {
    expect(tenderActions(tender({ status: 'closed' }, bidder))).toEqual({
      proposal: 'hidden',
      interest: 'enabled',
    });
    expect(tenderActions(tender({ status: 'closed', ...SITUATIONS.interestPending }, bidder))).toEqual({
      proposal: 'hidden',
      interest: 'disabled',
    });
    // Just expressed in this page (the server's answer arrives with the next load).
    expect(tenderActions(tender({ status: 'closed' }, bidder), true)).toEqual({
      proposal: 'hidden',
      interest: 'disabled',
    });
    expect(tenderActions(tender({ status: 'closed', ...SITUATIONS.interestApproved }, bidder))).toEqual({
      proposal: 'enabled',
      interest: 'hidden',
    });
  });

  it('a visitor gets the buttons signing in would allow (the click leads to sign-in), and no other', () => {
    expect(tenderActions(tender({}, null))).toEqual({ proposal: 'enabled', interest: 'hidden' });
    expect(tenderActions(tender({ status: 'closed' }, null))).toEqual({
      proposal: 'hidden',
      interest: 'enabled',
    });
    for (const state of ['bids_opened', 'awarded', 'cancelled', 'no_award'] as const)
      expect(tenderActions(tender({ state }, null)), state).toEqual({
        proposal: 'hidden',
        interest: 'hidden',
      });
  });

  it('the owner and administrators see no bidder button', () => {
    for (const viewer of [owner, admin])
      for (const status of ['open', 'closed'] as const)
        expect(tenderActions(tender({ status }, viewer))).toEqual({ proposal: 'hidden', interest: 'hidden' });
  });
});

describe('why the proposal form is not offered', () => {
  it('tells the API’s refusal in the page’s words', () => {
    expect(proposalBlock(tender({}, bidder))).toBeNull();
    expect(proposalBlock(tender({}, admin))).toBe('admin');
    expect(proposalBlock(tender({}, owner))).toBe('owner');
    expect(proposalBlock(tender({ isProposalSubmitted: true }, bidder))).toBe('submitted');
    expect(proposalBlock(tender({ state: 'bids_opened' }, bidder))).toBe('deadline');
    expect(proposalBlock(tender({ state: 'awarded' }, bidder))).toBe('awarded');
    expect(proposalBlock(tender({ state: 'no_award' }, bidder))).toBe('no_award');
    expect(proposalBlock(tender({ state: 'cancelled' }, bidder))).toBe('cancelled');
    expect(proposalBlock(tender({ state: 'pending_approval' }, bidder))).toBe('not_open');
    expect(proposalBlock(tender({ status: 'closed' }, bidder))).toBe('interest');
    expect(proposalBlock(tender({ status: 'closed', ...SITUATIONS.interestApproved }, bidder))).toBeNull();
    // A credential the tender requires and the bidder's company lacks.
    expect(proposalBlock(tender({ requiredCredentials: ['tax_card'] }, bidder))).toBe('credentials');
  });
});
