import { notify, usePopupStore, useSessionStore } from '@bawaba/shared';
import { FakeXhr } from '@bawaba/shared/build/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateEnglish, renderPage, tender } from '../../test-utils.tsx';
import { ProposalWizard } from './ProposalWizard.tsx';

const UUID = '3f2b8c1e-6a4d-4f7b-9c2e-1a2b3c4d5e6f';

// Every upload: half the body sent, then the stored file.
FakeXhr.store = (file) => ({
  id: UUID,
  url: '',
  name: file.name,
  size: file.size,
  mimeType: 'application/pdf',
});
vi.stubGlobal('XMLHttpRequest', FakeXhr);
const submitProposal = vi.fn();
vi.mock('../../api.ts', async (original) => ({
  ...(await original<typeof import('../../api.ts')>()),
  submitProposal: (...args: unknown[]) => submitProposal(...args),
}));

const errorToast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
const successToast = vi.spyOn(notify, 'success').mockImplementation(() => undefined);

beforeAll(activateEnglish);
beforeEach(() => {
  useSessionStore.setState({ token: 't', user: { id: 3, name: 'Bidder', isAdmin: false } });
  errorToast.mockClear();
  successToast.mockClear();
  submitProposal.mockReset();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  usePopupStore.setState({ queue: [] });
});

const next = () => fireEvent.click(screen.getByTestId('wizard-next'));
const type = (label: string, value: string, index = 0) =>
  fireEvent.change(screen.getAllByLabelText(label, { exact: false })[index]!, { target: { value } });

async function fillStep0() {
  type('Proposal title', 'CCTV installation');
  type('Proposal description', 'Forty cameras');
  const input = screen.getByTestId('attachment-upload-input') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File(['%PDF-1.4'], 'offer.pdf', { type: 'application/pdf' })] },
  });
  // Stored, not only in flight (the progress row names the file too).
  expect((await screen.findByTestId('uploaded-file')).textContent).toContain('offer.pdf');
}

function fillMilestone(index: number) {
  type('Milestone title', `Phase ${index + 1}`, index);
  type('Deliverables', 'Drawings', index);
  type('Payment amount', '1000', index);
  type('Duration (days)', '10', index);
  type('Start date', '2027-01-01', index);
  type('End date', '2027-01-10', index);
  type('Expected finish date', '2027-01-10', index);
}

describe('proposal wizard', () => {
  it('step 0: Next on an empty step shows the spec messages and stays', async () => {
    renderPage(<ProposalWizard tender={tender()} />);
    expect(screen.getByTestId('description-counter').textContent).toBe('0/2000 characters');
    expect(screen.getByText('PDF, Word, Excel, JPG, PNG, max 50MB each')).toBeTruthy();
    expect(screen.getByTestId('attachment-upload-input').getAttribute('accept')).toBe(
      '.pdf,.doc,.docx,.xls,.xlsx,.jpg,.png',
    );
    expect(screen.queryByTestId('wizard-previous')).toBeNull();
    expect(screen.getByTestId('wizard-save-draft')).toBeTruthy();
    next();
    expect(await screen.findByText('Please provide a proposal title')).toBeTruthy();
    expect(screen.getByText('Please provide a proposal description')).toBeTruthy();
    expect(screen.getByText('Please upload at least one supporting document')).toBeTruthy();
    expect(errorToast).toHaveBeenCalledWith('Please complete all required fields before continuing');
    expect(screen.getByTestId('proposal-wizard').getAttribute('data-step')).toBe('0');
    await fillStep0();
    next();
    await waitFor(() => expect(screen.getByTestId('proposal-wizard').getAttribute('data-step')).toBe('1'));
  });

  it('step 0: counts description characters, uploads the attachment and moves on', async () => {
    renderPage(<ProposalWizard tender={tender()} />);
    await fillStep0();
    expect(screen.getByTestId('description-counter').textContent).toBe('13/2000 characters');
    expect(successToast).toHaveBeenCalledWith('File uploaded successfully');
    next();
    await waitFor(() => expect(screen.getByTestId('proposal-wizard').getAttribute('data-step')).toBe('1'));
    expect(screen.getByTestId('wizard-previous')).toBeTruthy();
    expect(screen.queryByTestId('wizard-save-draft')).toBeNull();
  });

  it('step 1: offer price and duration required and at least 1; QAR and Net 30 Days by default', async () => {
    renderPage(<ProposalWizard tender={tender()} />);
    await fillStep0();
    next();
    await screen.findByTestId('step-commercial');
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('QAR');
    const terms = screen.getByLabelText('Payment terms', { exact: false }) as HTMLSelectElement;
    expect(terms.value).toBe('30_days');
    expect([...terms.options].map((o) => o.text)).toEqual([
      'Net 30 Days',
      'Net 60 Days',
      '50% Advance, 50% Completion',
      'Custom Terms',
    ]);
    next();
    expect(await screen.findByText('Please enter proposal value')).toBeTruthy();
    expect(screen.getByText('Please specify project duration')).toBeTruthy();
    type('Proposal value', '0');
    type('Project duration (days)', '0');
    next();
    expect(await screen.findByText('Value must be greater than zero')).toBeTruthy();
    expect(screen.getByText('Duration must be at least 1 day')).toBeTruthy();
  });

  it('step 1: the price breakdown modal checks items and saves them', async () => {
    renderPage(<ProposalWizard tender={tender()} />);
    await fillStep0();
    next();
    fireEvent.click(await screen.findByTestId('open-breakdown'));
    const dialog = await screen.findByTestId('breakdown-dialog');
    fireEvent.click(within(dialog).getByTestId('breakdown-save'));
    expect(await within(dialog).findByText('Item name is required')).toBeTruthy();
    expect(within(dialog).getByText('Unit price must be at least 0.01')).toBeTruthy();
    const field = (name: string) =>
      dialog.querySelector(`input[name="breakdown.0.${name}"]`) as HTMLInputElement;
    expect(field('quantity').min).toBe('1');
    expect(field('unitPrice').min).toBe('0.01');
    expect(field('unitPrice').step).toBe('0.01');
    fireEvent.change(field('name'), { target: { value: 'Cameras' } });
    fireEvent.change(field('quantity'), { target: { value: '4' } });
    fireEvent.change(field('unitPrice'), { target: { value: '2.5' } });
    expect(within(dialog).getByTestId('breakdown-line-total').textContent).toContain('10');
    fireEvent.click(within(dialog).getByTestId('breakdown-add'));
    expect(within(dialog).getAllByTestId('breakdown-item')).toHaveLength(2);
    fireEvent.click(within(dialog).getAllByTestId('breakdown-remove')[1]!);
    fireEvent.click(within(dialog).getByTestId('breakdown-save'));
    expect(successToast).toHaveBeenCalledWith('Price breakdown saved');
    await waitFor(() => expect(screen.getAllByTestId('breakdown-row')).toHaveLength(1));
  });

  it('step 2: milestones start with one, add and remove by index, each field checked', async () => {
    renderPage(<ProposalWizard tender={tender()} />);
    await fillStep0();
    next();
    await screen.findByTestId('step-commercial');
    type('Proposal value', '5000');
    type('Project duration (days)', '30');
    next();
    await screen.findByTestId('step-technical');
    expect(screen.getAllByTestId('milestone-card')).toHaveLength(1);
    expect(screen.queryByTestId('remove-milestone')).toBeNull();
    next();
    for (const message of [
      'Milestone title is required',
      'Please describe deliverables',
      'Please enter payment amount',
      'Please specify duration',
      'Please select start date',
      'Please select end date',
      'Please select expected finish date',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    fillMilestone(0);
    fireEvent.click(screen.getByTestId('add-milestone'));
    expect(successToast).toHaveBeenCalledWith('New milestone added');
    expect(screen.getAllByTestId('milestone-card')).toHaveLength(2);
    fireEvent.click(screen.getAllByTestId('remove-milestone')[1]!);
    expect(successToast).toHaveBeenCalledWith('Milestone removed');
    expect(screen.getAllByTestId('milestone-card')).toHaveLength(1);
    next();
    await screen.findByTestId('step-review');
    expect(screen.getByTestId('wizard-submit').textContent).toBe('Submit Proposal');
  });

  it('step 3: confirms, submits the payload and goes to the submitted proposals', async () => {
    submitProposal.mockResolvedValue({ proposal: { id: 1 } });
    renderPage(<ProposalWizard tender={tender()} />);
    await fillStep0();
    next();
    await screen.findByTestId('step-commercial');
    type('Proposal value', '5000');
    type('Project duration (days)', '30');
    next();
    await screen.findByTestId('step-technical');
    fillMilestone(0);
    next();
    await screen.findByTestId('step-review');
    fireEvent.click(screen.getByTestId('wizard-submit'));
    await waitFor(() => expect(usePopupStore.getState().queue).toHaveLength(1));
    const confirm = usePopupStore.getState().queue[0]!;
    expect(confirm.title).toBe('Confirm Proposal Submission');
    expect(confirm.text).toBe('Are you sure you want to submit this proposal?');
    usePopupStore.getState().close(confirm.id, true);
    await screen.findByTestId('went-to');
    const payload = submitProposal.mock.calls[0]?.[0];
    expect(payload).toMatchObject({
      tender: 12,
      attachment: UUID,
      offer_price: 5000,
      period: 30,
      currency: 'QAR',
    });
    expect(payload.milestones[0].start_date).toBe('2027-01-01T00:00:00.000Z');
    expect(usePopupStore.getState().queue[0]?.title).toBe('Success!');
  });

  it('step 1: price documents belong to the financial part, sealed in a two-envelope tender; sent with the proposal', async () => {
    submitProposal.mockResolvedValue({ proposal: { id: 1 } });
    const twoEnvelopes = tender({
      evaluation: {
        method: 'lowest_price',
        envelopes: 2,
        criteria: [],
        technicalWeight: null,
        financialWeight: null,
        passMark: null,
        bestAndFinalOffer: false,
      },
    });
    renderPage(<ProposalWizard tender={twoEnvelopes} />);
    await fillStep0();
    next();
    await screen.findByTestId('step-commercial');
    expect(screen.getByTestId('financial-envelope-note').textContent).toBe(
      'This tender has two envelopes: your prices, breakdown and price documents stay sealed until the technical evaluation is complete.',
    );
    type('Proposal value', '5000');
    type('Project duration (days)', '30');
    fireEvent.change(screen.getByTestId('price-documents-input'), {
      target: { files: [new File(['%PDF-1.4'], 'prices.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('step-commercial')).getByTestId('uploaded-file').textContent,
      ).toContain('prices.pdf'),
    );
    next();
    await screen.findByTestId('step-technical');
    fillMilestone(0);
    next();
    await screen.findByTestId('step-review');
    expect(screen.getByTestId('review-price-documents').textContent).toContain('prices.pdf');
    fireEvent.click(screen.getByTestId('wizard-submit'));
    await waitFor(() => expect(usePopupStore.getState().queue).toHaveLength(1));
    usePopupStore.getState().close(usePopupStore.getState().queue[0]!.id, true);
    await screen.findByTestId('went-to');
    expect(submitProposal.mock.calls[0]?.[0]).toMatchObject({ priceDocuments: [UUID] });
  });

  it('step 1: a one-envelope tender says nothing of sealing', async () => {
    renderPage(<ProposalWizard tender={tender()} />);
    await fillStep0();
    next();
    await screen.findByTestId('step-commercial');
    expect(screen.queryByTestId('financial-envelope-note')).toBeNull();
    expect(screen.getByTestId('price-documents-input')).toBeTruthy();
  });

  it('an invalid submit says so and goes back to the first invalid step; a failed call says so too', async () => {
    const values = { ...(await import('../../rules/proposal.ts')).emptyProposal(12), title: 'Only a title' };
    localStorage.setItem(
      'bawaba.proposal-draft.3.12',
      JSON.stringify({ savedAt: '2026-11-20T10:00:00Z', step: 3, values, files: {} }),
    );
    renderPage(<ProposalWizard tender={tender()} />);
    expect(screen.getByTestId('proposal-wizard').getAttribute('data-step')).toBe('3');
    fireEvent.click(screen.getByTestId('wizard-submit'));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Please complete all required fields'));
    await waitFor(() => expect(screen.getByTestId('proposal-wizard').getAttribute('data-step')).toBe('0'));
    expect(usePopupStore.getState().queue).toHaveLength(0);
    expect(submitProposal).not.toHaveBeenCalled();
  });

  it("a failed submission shows 'Error submitting proposal' and clears the loading state", async () => {
    submitProposal.mockRejectedValue(new Error('HTTP 409'));
    renderPage(<ProposalWizard tender={tender()} />);
    await fillStep0();
    next();
    await screen.findByTestId('step-commercial');
    type('Proposal value', '5000');
    type('Project duration (days)', '30');
    next();
    await screen.findByTestId('step-technical');
    fillMilestone(0);
    next();
    await screen.findByTestId('step-review');
    fireEvent.click(screen.getByTestId('wizard-submit'));
    await waitFor(() => expect(usePopupStore.getState().queue).toHaveLength(1));
    usePopupStore.getState().close(usePopupStore.getState().queue[0]!.id, true);
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Error submitting proposal'));
    expect(screen.getByTestId('wizard-submit').hasAttribute('data-loading')).toBe(false);

    // The retry is the same submission: the same Idempotency-Key, so the server writes it once at most.
    submitProposal.mockResolvedValue({ proposal: { id: 1 } });
    fireEvent.click(screen.getByTestId('wizard-submit'));
    await waitFor(() => expect(usePopupStore.getState().queue).toHaveLength(1));
    usePopupStore.getState().close(usePopupStore.getState().queue[0]!.id, true);
    await screen.findByTestId('went-to');
    const [first, retry] = submitProposal.mock.calls;
    expect(first?.[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry?.[1]).toBe(first?.[1]);
    expect(retry?.[0]).toEqual(first?.[0]);
  });

  it('Save as Draft keeps the work for a reload', async () => {
    const { unmount } = renderPage(<ProposalWizard tender={tender()} />);
    await fillStep0();
    fireEvent.click(screen.getByTestId('wizard-save-draft'));
    expect(successToast).toHaveBeenCalledWith('Proposal saved as draft');
    unmount();
    renderPage(<ProposalWizard tender={tender()} />);
    expect((screen.getByLabelText('Proposal title', { exact: false }) as HTMLInputElement).value).toBe(
      'CCTV installation',
    );
    expect(screen.getByText('offer.pdf')).toBeTruthy();
    expect(screen.getByTestId('draft-restored')).toBeTruthy();
  });
});
