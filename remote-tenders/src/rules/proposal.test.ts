import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from './draft.ts';
import {
  breakdownTotal,
  emptyMilestone,
  emptyProposal,
  firstInvalidStep,
  type ProposalForm,
  toPayload,
  validateStep,
} from './proposal.ts';

const UUID = '3f2b8c1e-6a4d-4f7b-9c2e-1a2b3c4d5e6f';

const valid = (): ProposalForm => ({
  ...emptyProposal(12),
  attachment: UUID,
  title: 'CCTV installation',
  description: 'Supply and install 40 cameras',
  offer_price: 120000,
  period: 60,
  milestones: [
    {
      title: 'Design',
      description: 'Drawings',
      amount: 20000,
      period: 10,
      documents: [],
      start_date: '2027-01-01',
      end_date: '2027-01-10',
      expected_completion_date: '2027-01-10',
    },
  ],
});

describe('wizard step rules (docs/product-spec.md §4/§5)', () => {
  it('step 0 needs title, description and attachment, with the spec messages', () => {
    expect(validateStep(0, emptyProposal(12))).toEqual({
      title: 'Please provide a proposal title',
      description: 'Please provide a proposal description',
      attachment: 'Please upload at least one supporting document',
    });
    expect(validateStep(0, { ...emptyProposal(12), title: '  ' }).title).toBe(
      'Please provide a proposal title',
    );
    expect(validateStep(0, valid())).toEqual({});
  });

  it('step 1 needs offer_price and period, both at least 1', () => {
    expect(validateStep(1, emptyProposal(12))).toEqual({
      offer_price: 'Please enter proposal value',
      period: 'Please specify project duration',
    });
    expect(validateStep(1, { ...valid(), offer_price: 0, period: 0 })).toEqual({
      offer_price: 'Value must be greater than zero',
      period: 'Duration must be at least 1 day',
    });
    expect(validateStep(1, valid())).toEqual({});
  });

  it('step 1 ignores the other steps and defaults currency QAR and terms 30_days', () => {
    const empty = emptyProposal(12);
    expect(empty.currency).toBe('QAR');
    expect(empty.payment_terms).toBe('30_days');
    expect(Object.keys(validateStep(1, { ...empty, offer_price: 5, period: 3 }))).toEqual([]);
  });

  it('step 2 needs every milestone valid, with the spec messages per field', () => {
    const values = { ...valid(), milestones: [valid().milestones[0]!, emptyMilestone()] };
    expect(validateStep(2, values)).toEqual({
      'milestones.1.title': 'Milestone title is required',
      'milestones.1.description': 'Please describe deliverables',
      'milestones.1.amount': 'Please enter payment amount',
      'milestones.1.period': 'Please specify duration',
      'milestones.1.start_date': 'Please select start date',
      'milestones.1.end_date': 'Please select end date',
      'milestones.1.expected_completion_date': 'Please select expected finish date',
    });
    const zero = { ...valid().milestones[0]!, amount: 0, period: 0 };
    expect(validateStep(2, { ...valid(), milestones: [zero] })).toEqual({
      'milestones.0.amount': 'Amount must be greater than zero',
      'milestones.0.period': 'Duration must be at least 1 day',
    });
  });

  it('step 2 checks the date order the server enforces', () => {
    const m = { ...valid().milestones[0]!, end_date: '2026-12-01', expected_completion_date: '2026-12-02' };
    expect(validateStep(2, { ...valid(), milestones: [m] })).toEqual({
      'milestones.0.end_date': 'End date must be on or after the start date',
      'milestones.0.expected_completion_date': 'Expected finish date must be on or after the start date',
    });
  });

  it('step 3 always passes; an invalid form sends the user to its first invalid step', () => {
    expect(validateStep(3, emptyProposal(12))).toEqual({});
    expect(firstInvalidStep(emptyProposal(12))).toBe(0);
    expect(firstInvalidStep({ ...valid(), period: Number.NaN })).toBe(1);
    expect(firstInvalidStep({ ...valid(), milestones: [emptyMilestone()] })).toBe(2);
    expect(firstInvalidStep(valid())).toBe(-1);
  });

  it('builds the docs/product-spec.md §3 payload: ISO milestone dates, breakdown items, submitted_by', () => {
    const values = {
      ...valid(),
      breakdown: [{ name: ' Cameras ', description: '', quantity: 40, unitPrice: 2500.5 }],
    };
    const payload = toPayload(values, 9);
    expect(payload.milestones[0]?.start_date).toBe('2027-01-01T00:00:00.000Z');
    expect(payload.breakdown).toEqual([
      { name: 'Cameras', description: '', quantity: 40, unitPrice: 2500.5 },
    ]);
    expect(payload.submitted_by).toBe(9);
    expect(payload.tender).toBe(12);
    expect(breakdownTotal(values.breakdown)).toBe(100020);
  });
});

describe('drafts', () => {
  afterEach(() => localStorage.clear());

  it('survive a reload per user and tender, empty numbers included, and clear', () => {
    const values = { ...valid(), offer_price: Number.NaN };
    saveDraft(5, 12, { step: 1, values, files: { [UUID]: { id: UUID, name: 'offer.pdf', size: 10 } } });
    expect(loadDraft(6, 12)).toBeNull();
    const draft = loadDraft(5, 12);
    expect(draft?.step).toBe(1);
    expect(draft?.values.title).toBe('CCTV installation');
    expect(Number.isNaN(draft?.values.offer_price)).toBe(true);
    expect(draft?.files[UUID]?.name).toBe('offer.pdf');
    clearDraft(5, 12);
    expect(loadDraft(5, 12)).toBeNull();
  });
});
