import { i18n, useSessionStore } from '@bawaba/shared';
import { VALIDATION_MESSAGES_AR } from '@bawaba/shared/contracts/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arabicWorkspace } from '../../locales/ar/workspace.ts';
import { activateEnglish, renderPage, tender } from '../../test-utils.tsx';
import { ownerApi } from '../workspace/owner-api.ts';
import { TenderForm } from './TenderForm.tsx';

vi.mock('../workspace/owner-api.ts', () => ({
  ownerApi: { createTender: vi.fn(), updateTender: vi.fn(), categories: vi.fn(async () => []) },
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSessionStore.setState({ language: 'en' });
});
beforeEach(activateEnglish);

const type = (el: HTMLElement, value: string) => fireEvent.input(el, { target: { value } });
const field = (container: HTMLElement, testId: string) => {
  const el = container.querySelector<HTMLInputElement>(`[data-testid=${testId}]`);
  if (!el) throw new Error(`no ${testId}`);
  return el;
};

/** The form with everything but the evaluation filled in. */
async function form(onSaved = vi.fn()) {
  const page = renderPage(<TenderForm tender={null} onSaved={onSaved} onCancel={vi.fn()} />);
  type(screen.getByTestId('tender-title'), 'Office fit-out');
  type(field(page.container, 'tender-start'), '2027-03-01');
  type(field(page.container, 'tender-end'), '2027-06-01');
  type(field(page.container, 'tender-deadline'), '2027-02-01T12:00');
  await screen.findByTestId('evaluation-fields');
  return page;
}

const criterion = (index: number) => screen.getAllByTestId('criterion-editor')[index]!;
const inCriterion = (index: number, testId: string) => within(criterion(index)).getByTestId(testId);

describe('the evaluation step of the tender form', () => {
  it('sends the lowest price in one envelope unless the owner chooses otherwise', async () => {
    vi.mocked(ownerApi.createTender).mockResolvedValue({ id: 1 } as never);
    const onSaved = vi.fn();
    await form(onSaved);
    expect(screen.queryByTestId('evaluation-weighted')).toBeNull();
    fireEvent.click(screen.getByTestId('tender-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(ownerApi.createTender).toHaveBeenCalledWith(
      expect.objectContaining({
        evaluation: { method: 'lowest_price', envelopes: 1, bestAndFinalOffer: false },
      }),
    );
  });

  it('announces a best-and-final-offer round when the owner ticks it', async () => {
    vi.mocked(ownerApi.createTender).mockResolvedValue({ id: 3 } as never);
    const onSaved = vi.fn();
    await form(onSaved);
    const box = within(screen.getByTestId('evaluation-bafo')).getByRole('checkbox');
    fireEvent.click(box);
    fireEvent.click(screen.getByTestId('tender-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(ownerApi.createTender).toHaveBeenCalledWith(
      expect.objectContaining({
        evaluation: { method: 'lowest_price', envelopes: 1, bestAndFinalOffer: true },
      }),
    );
  });

  it('builds weighted criteria with a running total, refuses weights not adding up to 100, then sends them', async () => {
    vi.mocked(ownerApi.createTender).mockResolvedValue({ id: 2 } as never);
    const onSaved = vi.fn();
    await form(onSaved);
    fireEvent.change(screen.getByTestId('evaluation-method'), { target: { value: 'weighted' } });
    fireEvent.change(screen.getByTestId('evaluation-envelopes'), { target: { value: '2' } });
    // Weighted starts with one criterion to fill.
    expect(screen.getAllByTestId('criterion-editor')).toHaveLength(1);
    type(inCriterion(0, 'criterion-name-en'), 'Technical approach');
    type(inCriterion(0, 'criterion-name-ar'), 'المنهجية الفنية');
    type(inCriterion(0, 'criterion-description-en'), 'How the works are planned');
    type(inCriterion(0, 'criterion-weight-input'), '60');
    fireEvent.click(screen.getByTestId('criterion-add'));
    type(inCriterion(1, 'criterion-name-ar'), 'الخبرة');
    type(inCriterion(1, 'criterion-weight-input'), '30');
    expect(screen.getByTestId('criteria-total').textContent).toBe('Weights: 90 of 100');
    type(screen.getByTestId('evaluation-technical-weight'), '70');
    expect((screen.getByTestId('evaluation-financial-weight') as HTMLInputElement).value).toBe('30');
    type(screen.getByTestId('evaluation-pass-mark'), '65');

    fireEvent.click(screen.getByTestId('tender-save'));
    expect((await screen.findByTestId('criteria-error')).textContent).toBe(
      'The criteria weights must add up to 100.',
    );
    expect(ownerApi.createTender).not.toHaveBeenCalled();

    type(inCriterion(1, 'criterion-weight-input'), '40');
    expect(screen.getByTestId('criteria-total').textContent).toBe('Weights: 100 of 100');
    fireEvent.click(screen.getByTestId('tender-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(ownerApi.createTender).toHaveBeenCalledWith(
      expect.objectContaining({
        evaluation: {
          method: 'weighted',
          envelopes: 2,
          criteria: [
            {
              nameEn: 'Technical approach',
              nameAr: 'المنهجية الفنية',
              descriptionEn: 'How the works are planned',
              descriptionAr: null,
              weight: 60,
            },
            { nameEn: null, nameAr: 'الخبرة', descriptionEn: null, descriptionAr: null, weight: 40 },
          ],
          technicalWeight: 70,
          financialWeight: 30,
          passMark: 65,
          bestAndFinalOffer: false,
        },
      }),
    );
  });

  it('removes a criterion and refuses a pass mark out of range and a nameless criterion', async () => {
    await form();
    fireEvent.change(screen.getByTestId('evaluation-method'), { target: { value: 'weighted' } });
    fireEvent.click(screen.getByTestId('criterion-add'));
    expect(screen.getAllByTestId('criterion-editor')).toHaveLength(2);
    fireEvent.click(inCriterion(1, 'criterion-remove'));
    expect(screen.getAllByTestId('criterion-editor')).toHaveLength(1);
    type(inCriterion(0, 'criterion-weight-input'), '100');
    type(screen.getByTestId('evaluation-technical-weight'), '80');
    type(screen.getByTestId('evaluation-pass-mark'), '120');
    fireEvent.click(screen.getByTestId('tender-save'));
    expect(await screen.findByText('The pass mark is a whole number from 0 to 100.')).toBeTruthy();
    expect(
      within(criterion(0)).getByText('Write the criterion name in English, in Arabic or in both.'),
    ).toBeTruthy();
    expect(ownerApi.createTender).not.toHaveBeenCalled();
  });

  it('edits the method a draft has, in Arabic: labels, refusals and the running total in Arabic', async () => {
    await i18n.loadAndActivate({ locale: 'ar', messages: { ...arabicWorkspace, ...VALIDATION_MESSAGES_AR } });
    useSessionStore.setState({ language: 'ar' });
    const draft = tender({
      evaluation: {
        method: 'weighted',
        envelopes: 2,
        criteria: [{ nameEn: 'Quality', nameAr: null, descriptionEn: null, descriptionAr: null, weight: 50 }],
        technicalWeight: 60,
        financialWeight: 40,
        passMark: 70,
        bestAndFinalOffer: false,
      },
    });
    renderPage(<TenderForm tender={draft} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await screen.findByTestId('evaluation-fields');
    expect(screen.getByText('التقييم')).toBeTruthy();
    expect(screen.getByTestId('criteria-total').textContent).toBe('مجموع الأوزان: ٥٠ من 100');
    const nameAr = inCriterion(0, 'criterion-name-ar');
    expect([nameAr.getAttribute('lang'), nameAr.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect((inCriterion(0, 'criterion-name-en') as HTMLInputElement).value).toBe('Quality');
    expect(inCriterion(0, 'criterion-name-en').getAttribute('dir')).toBe('ltr');
    fireEvent.click(screen.getByTestId('tender-save'));
    expect((await screen.findByTestId('criteria-error')).textContent).toBe(
      'يجب أن يكون مجموع أوزان المعايير 100.',
    );
    expect(ownerApi.updateTender).not.toHaveBeenCalled();
  });
});
