import { i18n, sharedCatalogs } from '@bawaba/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arabicMain } from '../../locales/ar/messages.ts';
import { messages as arabicWorkspace } from '../../locales/ar/workspace.ts';
import { activateEnglish, renderPage } from '../../test-utils.tsx';
import { ownerApi } from '../workspace/owner-api.ts';
import { TenderForm } from './TenderForm.tsx';

vi.mock('../workspace/owner-api.ts', () => ({
  ownerApi: {
    createTender: vi.fn(),
    updateTender: vi.fn(),
    categories: vi.fn(async () => [
      {
        id: 1,
        name: 'Construction',
        nameEn: 'Construction',
        nameAr: 'البناء',
        slug: 'construction',
        services: [{ id: 11, name: 'Fit-out', nameEn: 'Fit-out', nameAr: 'التشطيب', slug: 'fit-out' }],
      },
    ]),
  },
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});
beforeEach(activateEnglish);

const form = (onSaved = vi.fn()) =>
  renderPage(<TenderForm tender={null} onSaved={onSaved} onCancel={vi.fn()} />);
/** The input a test id names (a date input's test id is on its input). */
const input = (container: HTMLElement, selector: string) => {
  const el = container.querySelector<HTMLInputElement>(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el;
};
const type = (el: HTMLElement, value: string) => fireEvent.input(el, { target: { value } });
/** Writes into a description's rich-text editor (fetched lazily) as typing does: the editor reads its changed DOM. */
async function write(testId: string, html: string) {
  const tab = screen.getByTestId(
    testId.endsWith('-ar') ? 'tender-description-tab-ar' : 'tender-description-tab-en',
  );
  fireEvent.click(tab);
  const editor = await screen.findByTestId(testId);
  editor.innerHTML = html;
  await waitFor(() => expect(editor.innerHTML).toContain(html));
}

describe('Tender form (TenderBody contract)', () => {
  it('requires a title in at least one language and the dates, and an end after the start', async () => {
    const { container } = form();
    fireEvent.click(screen.getByTestId('tender-save'));
    expect(await screen.findByText('Write the title in English, in Arabic or in both.')).toBeTruthy();
    expect(screen.getByText('Start Date is required.')).toBeTruthy();
    expect(screen.getByText('End Date is required.')).toBeTruthy();
    expect(screen.getByText('Deadline is required.')).toBeTruthy();
    type(screen.getByTestId('tender-title'), 'Office fit-out');
    type(input(container, '[data-testid=tender-start]'), '2027-03-10');
    type(input(container, '[data-testid=tender-end]'), '2027-03-01');
    type(input(container, '[data-testid=tender-deadline]'), '2027-02-01T12:00');
    fireEvent.click(screen.getByTestId('tender-save'));
    expect(await screen.findByText('End Date must be after Start Date.')).toBeTruthy();
    type(input(container, '[data-testid=tender-fee]'), '-5');
    fireEvent.click(screen.getByTestId('tender-save'));
    expect(await screen.findByText('Participation fee must be 0 or more.')).toBeTruthy();
    expect(ownerApi.createTender).not.toHaveBeenCalled();
  });

  it('sends the credentials a bidder must hold, none unless chosen', async () => {
    vi.mocked(ownerApi.createTender).mockResolvedValue({ id: 6 } as never);
    const onSaved = vi.fn();
    const { container } = form(onSaved);
    type(screen.getByTestId('tender-title'), 'Certified works');
    type(input(container, '[data-testid=tender-start]'), '2027-03-01');
    type(input(container, '[data-testid=tender-end]'), '2027-06-01');
    type(input(container, '[data-testid=tender-deadline]'), '2027-02-01T12:00');
    fireEvent.click(screen.getByText('ISO certificate'));
    fireEvent.click(screen.getByText('Tax card'));
    fireEvent.click(screen.getByTestId('tender-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(ownerApi.createTender).toHaveBeenCalledWith(
      expect.objectContaining({ requiredCredentials: ['iso_certificate', 'tax_card'] }),
    );
  });

  it("labels fee and bond with the tender's currency (they are charged in it)", async () => {
    form();
    expect(screen.getByText('Participation fee (QAR)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('tender-currency'), { target: { value: 'USD' } });
    expect(await screen.findByText('Participation fee (USD)')).toBeTruthy();
    expect(screen.getByText('Bond (USD)')).toBeTruthy();
    expect(screen.queryByText('Bond (QAR)')).toBeNull();
  });

  it('creates a draft with every field, the deadline entered in Qatar time as an ISO instant', async () => {
    vi.mocked(ownerApi.createTender).mockResolvedValue({ id: 3 } as never);
    const onSaved = vi.fn();
    const { container } = form(onSaved);
    type(screen.getByTestId('tender-title'), 'Office fit-out');
    await write('tender-description', '<p>Two floors</p>');
    fireEvent.change(screen.getByTestId('tender-status'), { target: { value: 'closed' } });
    fireEvent.change(screen.getByTestId('tender-currency'), { target: { value: 'USD' } });
    type(input(container, '[data-testid=tender-fee]'), '150');
    type(input(container, '[data-testid=tender-bond]'), '1000');
    type(input(container, '[data-testid=tender-start]'), '2027-03-01');
    type(input(container, '[data-testid=tender-end]'), '2027-06-01');
    type(input(container, '[data-testid=tender-deadline]'), '2027-02-01T12:00');
    fireEvent.click(await screen.findByText('Fit-out'));
    fireEvent.click(screen.getByTestId('tender-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(ownerApi.createTender).toHaveBeenCalledWith(
      expect.objectContaining({
        titleEn: 'Office fit-out',
        titleAr: null,
        descriptionEn: '<p>Two floors</p>',
        descriptionAr: null,
        status: 'closed',
        currency: 'USD',
        participationFee: 150,
        bond: 1000,
        budget: null,
        serviceIds: [11],
        documentIds: [],
        start_date: '2027-03-01',
        end_date: '2027-06-01',
        // 12:00 in Qatar is 09:00 UTC, whatever the browser's clock.
        deadline: '2027-02-01T09:00:00.000Z',
      }),
    );
  });

  it('says the deadline is Qatar time and warns, without refusing, when it falls on a weekend or a holiday', async () => {
    vi.mocked(ownerApi.createTender).mockResolvedValue({ id: 4 } as never);
    const onSaved = vi.fn();
    const { container } = form(onSaved);
    expect(screen.getByText('Qatar time (UTC+3)')).toBeTruthy();
    const deadline = input(container, '[data-testid=tender-deadline]');
    type(deadline, '2027-01-06T12:00'); // a Wednesday
    expect(screen.queryByTestId('deadline-day-off')).toBeNull();
    type(deadline, '2027-01-08T12:00'); // a Friday
    expect((await screen.findByTestId('deadline-day-off')).textContent).toBe(
      'This falls on a weekend in Qatar (Friday or Saturday).',
    );
    type(deadline, '2028-12-18T12:00'); // National Day, a Monday
    expect(await screen.findByText('This falls on National Day, a public holiday in Qatar.')).toBeTruthy();
    type(deadline, '2027-03-10T12:00'); // Eid al-Fitr, not announced yet
    expect(
      await screen.findByText(
        'This falls on Eid al-Fitr, a public holiday in Qatar (expected dates, not yet announced).',
      ),
    ).toBeTruthy();
    // A warning, not a refusal: the tender is saved with that deadline.
    type(screen.getByTestId('tender-title'), 'Office fit-out');
    type(input(container, '[data-testid=tender-start]'), '2027-04-01');
    type(input(container, '[data-testid=tender-end]'), '2027-06-01');
    fireEvent.click(screen.getByTestId('tender-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(ownerApi.createTender).toHaveBeenCalledWith(
      expect.objectContaining({ deadline: '2027-03-10T09:00:00.000Z' }),
    );
  });

  it('creates a tender written only in Arabic, its fields marked right to left', async () => {
    vi.mocked(ownerApi.createTender).mockResolvedValue({ id: 4 } as never);
    const onSaved = vi.fn();
    const { container } = form(onSaved);
    const titleAr = screen.getByTestId('tender-title-ar');
    expect(titleAr.getAttribute('lang')).toBe('ar');
    expect(titleAr.getAttribute('dir')).toBe('rtl');
    expect(screen.getByTestId('tender-title').getAttribute('dir')).toBe('ltr');
    type(titleAr, 'صيانة المصاعد');
    await write('tender-description-ar', '<ul><li><p><strong>نطاق</strong> الأعمال</p></li></ul>');
    type(input(container, '[data-testid=tender-start]'), '2027-03-01');
    type(input(container, '[data-testid=tender-end]'), '2027-06-01');
    type(input(container, '[data-testid=tender-deadline]'), '2027-02-01T12:00');
    fireEvent.click(screen.getByTestId('tender-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(ownerApi.createTender).toHaveBeenCalledWith(
      expect.objectContaining({
        titleEn: null,
        titleAr: 'صيانة المصاعد',
        descriptionEn: null,
        // The editor's HTML: each list item in the direction of its own text.
        descriptionAr: '<ul><li dir="auto"><p><strong>نطاق</strong> الأعمال</p></li></ul>',
      }),
    );
  });

  for (const language of ['en', 'ar'] as const) {
    it(`offers the standstill after the award, 5 working days unless changed, and refuses more than 30 (${language})`, async () => {
      await i18n.loadAndActivate({
        locale: language,
        // The contract's messages in Arabic come with shared's catalog.
        messages:
          language === 'ar'
            ? { ...(await sharedCatalogs.ar()).messages, ...arabicMain, ...arabicWorkspace }
            : {},
      });
      vi.mocked(ownerApi.createTender).mockResolvedValue({ id: 5 } as never);
      const onSaved = vi.fn();
      const { container } = form(onSaved);
      const standstill = input(container, '[data-testid=tender-standstill]');
      const label = container.querySelector(`label[for="${standstill.id}"]`)?.textContent ?? '';
      expect(label).toContain(
        language === 'en'
          ? 'Standstill after the award (working days)'
          : 'فترة التوقف بعد الترسية (أيام عمل)',
      );
      expect(standstill.value).toBe('5');
      type(screen.getByTestId('tender-title'), 'Office fit-out');
      type(input(container, '[data-testid=tender-start]'), '2027-03-01');
      type(input(container, '[data-testid=tender-end]'), '2027-06-01');
      type(input(container, '[data-testid=tender-deadline]'), '2027-02-01T12:00');
      type(standstill, '31');
      fireEvent.click(screen.getByTestId('tender-save'));
      expect(
        await screen.findByText(
          language === 'en'
            ? 'The standstill is a whole number of working days from 0 to 30.'
            : 'فترة التوقف عدد صحيح من أيام العمل بين 0 و30.',
        ),
      ).toBeTruthy();
      expect(ownerApi.createTender).not.toHaveBeenCalled();
      type(standstill, '0');
      fireEvent.click(screen.getByTestId('tender-save'));
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(ownerApi.createTender).toHaveBeenCalledWith(expect.objectContaining({ standstillDays: 0 }));
    });
  }
});
