import { describe, expect, it } from 'vitest';
import {
  concernsContract,
  contractIdOf,
  paidAmount,
  ratingBody,
  ratingCriteria,
  variationBody,
} from './contracts.ts';

describe('the contracts area’s paths', () => {
  it('reads the contract id below /account/contracts, and nothing else', () => {
    expect(contractIdOf(undefined)).toBeNull();
    expect(contractIdOf('')).toBeNull();
    expect(contractIdOf('12')).toBe(12);
    expect(contractIdOf('12/')).toBe(12);
    expect(contractIdOf('12abc')).toBeNull();
    expect(contractIdOf('new')).toBeNull();
  });

  it('knows which notifications concern the open contract', () => {
    expect(concernsContract('/account/contracts/7', 7)).toBe(true);
    expect(concernsContract('/account/contracts/7#milestone-3', 7)).toBe(true);
    expect(concernsContract('/account/contracts/7?tab=history', 7)).toBe(true);
    expect(concernsContract('https://bawaba.qa/account/contracts/7', 7)).toBe(true);
    expect(concernsContract('/account/contracts/70', 7)).toBe(false);
    expect(concernsContract('/account/contracts', 7)).toBe(false);
    expect(concernsContract('/tender-profile/7', 7)).toBe(false);
    expect(concernsContract(null, 7)).toBe(false);
  });
});

describe('the figures of a contract', () => {
  it('adds the payments recorded', () => {
    expect(paidAmount([{ payment: { amount: 100 } }, { payment: null }, { payment: { amount: 50.5 } }])).toBe(
      150.5,
    );
    expect(paidAmount([])).toBe(0);
  });
});

describe('a rating', () => {
  it('asks the supplier side about the buyer’s payment on time too', () => {
    expect(ratingCriteria('buyer')).toEqual(['quality', 'timeliness', 'communication']);
    expect(ratingCriteria('supplier')).toEqual(['quality', 'timeliness', 'communication', 'paymentOnTime']);
  });

  it('is sent only with a whole score from 1 to 5 for every criterion of the rater’s side', () => {
    const three = { quality: 5, timeliness: 4, communication: 3 };
    expect(ratingBody('buyer', { scores: three, comment: ' Good work ' })).toEqual({
      ...three,
      paymentOnTime: null,
      comment: 'Good work',
    });
    // The supplier side must also score the payment on time.
    expect(ratingBody('supplier', { scores: three, comment: '' })).toBeNull();
    expect(ratingBody('supplier', { scores: { ...three, paymentOnTime: 2 }, comment: '' })).toEqual({
      ...three,
      paymentOnTime: 2,
      comment: '',
    });
    expect(ratingBody('buyer', { scores: { ...three, quality: 0 }, comment: '' })).toBeNull();
    expect(ratingBody('buyer', { scores: { ...three, quality: 6 }, comment: '' })).toBeNull();
    expect(ratingBody('buyer', { scores: { ...three, quality: 4.5 }, comment: '' })).toBeNull();
  });
});

describe('a proposed variation', () => {
  const empty = { milestoneId: '', dueDate: '', amount: '', scope: '', reason: 'Rain' };

  it('changes nothing until it names a new date or amount for a milestone, or a new scope', () => {
    expect(variationBody(empty)).toBeNull();
    // A date without a milestone changes nothing.
    expect(variationBody({ ...empty, dueDate: '2027-03-01' })).toBeNull();
    expect(variationBody({ ...empty, milestoneId: '4' })).toBeNull();
    expect(variationBody({ ...empty, scope: '   ' })).toBeNull();
  });

  it('sends a milestone’s new date and amount, or the scope, with the reason trimmed', () => {
    expect(variationBody({ ...empty, milestoneId: '4', dueDate: '2027-03-01', reason: ' Rain ' })).toEqual({
      milestoneId: 4,
      dueDate: '2027-03-01',
      reason: 'Rain',
    });
    expect(variationBody({ ...empty, milestoneId: '4', amount: '1200.5' })).toEqual({
      milestoneId: 4,
      amount: 1200.5,
      reason: 'Rain',
    });
    expect(variationBody({ ...empty, scope: ' Add a second floor ' })).toEqual({
      scope: 'Add a second floor',
      reason: 'Rain',
    });
  });
});
