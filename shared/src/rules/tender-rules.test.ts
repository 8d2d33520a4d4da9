import { describe, expect, it } from 'vitest';
import {
  awardRefusal,
  type TenderFacts,
  tenderPermissions,
  tenderRefusal,
  tenderState,
} from './tender-rules.ts';

const DAY = 86_400_000;
const now = Date.parse('2026-06-01T00:00:00Z');
const published: TenderFacts = {
  ownerId: 7,
  status: 'open',
  approvalStatus: 'approved',
  isPublished: true,
  outcome: null,
  deadline: new Date(now + 10 * DAY),
  clarificationCutoff: null,
};
const bidder = { viewer: { id: 3, isAdmin: false }, interest: null, hasProposal: false };

describe('the tender rulebook', () => {
  it('derives the state from the columns: outcome, then approval, then the deadline', () => {
    expect(tenderState(published, now)).toBe('published');
    expect(tenderState({ ...published, deadline: new Date(now) }, now)).toBe('bids_opened');
    expect(tenderState({ ...published, approvalStatus: 'draft', deadline: new Date(now - DAY) }, now)).toBe(
      'draft',
    );
    expect(tenderState({ ...published, outcome: 'cancelled' }, now)).toBe('cancelled');
  });

  it('tells a visitor to sign in only where signing in would let them act', () => {
    const visitor = { ...bidder, viewer: null };
    expect(tenderRefusal('submitProposal', published, visitor, now)).toBe('UNAUTHORIZED');
    expect(tenderRefusal('expressInterest', published, visitor, now)).toBe('TENDER_NOT_CLOSED');
    expect(tenderRefusal('submitProposal', { ...published, deadline: new Date(now - 1) }, visitor, now)).toBe(
      'DEADLINE_PASSED',
    );
    expect(tenderRefusal('edit', published, visitor, now)).toBe('NOT_TENDER_OWNER');
  });

  it('gives every action a flag and every refused one its reason', () => {
    const { can, refusals } = tenderPermissions(published, bidder, now);
    expect(
      Object.entries(can)
        .filter(([, yes]) => yes)
        .map(([action]) => action),
    ).toEqual(['submitProposal', 'askQuestion']);
    expect(refusals).toMatchObject({
      edit: 'NOT_TENDER_OWNER',
      approve: 'ADMIN_ONLY',
      resubmitProposal: 'PROPOSAL_NOT_FOUND',
    });
    expect(refusals.submitProposal).toBeUndefined();
  });

  it('lets a bidder submit to a tender requiring credentials only with a verified credential of each kind', () => {
    const requiring = { ...published, requiredCredentials: ['tax_card', 'iso_certificate'] };
    expect(tenderRefusal('submitProposal', requiring, bidder, now)).toBe('CREDENTIALS_REQUIRED');
    expect(tenderRefusal('submitProposal', requiring, { ...bidder, credentials: ['tax_card'] }, now)).toBe(
      'CREDENTIALS_REQUIRED',
    );
    expect(
      tenderRefusal(
        'submitProposal',
        requiring,
        { ...bidder, credentials: ['iso_certificate', 'tax_card'] },
        now,
      ),
    ).toBeNull();
    // A visitor is told what would still stop them once signed in.
    expect(tenderRefusal('submitProposal', requiring, { ...bidder, viewer: null }, now)).toBe(
      'CREDENTIALS_REQUIRED',
    );
  });

  it('lets the owner decide interests only in a closed tender that was made public, ended or not', () => {
    const owner = { viewer: { id: 7, isAdmin: false }, interest: null, hasProposal: false };
    const closed = { ...published, status: 'closed' };
    expect(tenderRefusal('decideInterest', closed, owner, now)).toBeNull();
    expect(tenderRefusal('decideInterest', { ...closed, outcome: 'cancelled' }, owner, now)).toBeNull();
    expect(tenderRefusal('decideInterest', published, owner, now)).toBe('TENDER_NOT_CLOSED');
    expect(tenderRefusal('decideInterest', { ...closed, approvalStatus: 'pending' }, owner, now)).toBe(
      'TENDER_NOT_PUBLISHED',
    );
    expect(tenderRefusal('decideInterest', closed, bidder, now)).toBe('NOT_TENDER_OWNER');
  });

  it('never awards a proposal marked not responsive or whose fee and bond are unpaid', () => {
    expect(awardRefusal({ evaluation: 'not_responsive', paymentStatus: 'paid' })).toBe(
      'PROPOSAL_NOT_RESPONSIVE',
    );
    expect(awardRefusal({ evaluation: null, paymentStatus: 'failed' })).toBe('PROPOSAL_NOT_PAID');
    expect(awardRefusal({ evaluation: 'shortlisted', paymentStatus: 'not_required' })).toBeNull();
  });
});
