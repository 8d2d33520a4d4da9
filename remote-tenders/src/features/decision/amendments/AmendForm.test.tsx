import { i18n } from '@bawaba/shared';
import type { Tender } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arabicMain } from '../../../locales/ar/messages.ts';
import { messages as arabicWorkspace } from '../../../locales/ar/workspace.ts';
import { activateEnglish, renderPage } from '../../../test-utils.tsx';
import { ownerApi } from '../../workspace/owner-api.ts';
import { AmendForm } from './AmendForm.tsx';

vi.mock('../../workspace/owner-api.ts', () => ({ ownerApi: { amend: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});
beforeEach(activateEnglish);

const tender = {
  id: 7,
  description: '<p>Scope</p>',
  descriptionLang: 'en',
  descriptionEn: '<p>Scope</p>',
  descriptionAr: null,
  deadline: '2027-02-01T09:00:00.000Z',
  clarificationCutoff: null,
  bond: 0,
  participationFee: 0,
  standstillDays: 5,
} as unknown as Tender;

const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('the amendment form', () => {
  it('publishes a reason written only in Arabic, and no description the owner did not touch', async () => {
    vi.mocked(ownerApi.amend).mockResolvedValue({ number: 1, deadlinePushed: false } as never);
    const onDone = vi.fn();
    renderPage(<AmendForm tender={tender} onDone={onDone} onCancel={vi.fn()} />);
    const publish = screen.getByRole('button', { name: 'Publish amendment' });
    expect(publish.hasAttribute('disabled')).toBe(true);
    const reasonAr = screen.getByTestId('amend-reason-ar');
    expect(reasonAr.getAttribute('lang')).toBe('ar');
    expect(reasonAr.getAttribute('dir')).toBe('rtl');
    type(reasonAr, 'تخفيض الضمان');
    type(screen.getByRole('spinbutton', { name: 'Bond' }), '500');
    fireEvent.click(publish);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(ownerApi.amend).toHaveBeenCalledWith(7, { reasonEn: null, reasonAr: 'تخفيض الضمان', bond: 500 });
  });

  it('sends the Arabic description written in the editor, the English one left as it is', async () => {
    vi.mocked(ownerApi.amend).mockResolvedValue({ number: 2, deadlinePushed: false } as never);
    const onDone = vi.fn();
    renderPage(<AmendForm tender={tender} onDone={onDone} onCancel={vi.fn()} />);
    type(screen.getByTestId('amend-reason'), 'Arabic scope added');
    fireEvent.click(screen.getByTestId('amend-description-tab-ar'));
    const editor = await screen.findByTestId('amend-description-ar');
    editor.innerHTML = '<p><strong>نطاق</strong> الأعمال</p>';
    await waitFor(() => expect(editor.innerHTML).toContain('<strong>نطاق</strong>'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish amendment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(ownerApi.amend).toHaveBeenCalledWith(7, {
      reasonEn: 'Arabic scope added',
      reasonAr: null,
      descriptionAr: '<p><strong>نطاق</strong> الأعمال</p>',
    });
  });

  for (const language of ['en', 'ar'] as const) {
    it(`sends the standstill days only when the owner changed them (${language})`, async () => {
      await i18n.loadAndActivate({
        locale: language,
        messages: language === 'ar' ? { ...arabicMain, ...arabicWorkspace } : {},
      });
      vi.mocked(ownerApi.amend).mockResolvedValue({ number: 3, deadlinePushed: false } as never);
      const onDone = vi.fn();
      renderPage(<AmendForm tender={tender} onDone={onDone} onCancel={vi.fn()} />);
      const standstill = screen.getByRole('spinbutton', {
        name:
          language === 'en'
            ? 'Standstill after the award (working days)'
            : 'فترة التوقف بعد الترسية (أيام عمل)',
      });
      expect((standstill as HTMLInputElement).value).toBe('5');
      type(screen.getByTestId('amend-reason'), 'More time to object');
      type(standstill, '10');
      fireEvent.click(
        screen.getByRole('button', { name: language === 'en' ? 'Publish amendment' : 'نشر التعديل' }),
      );
      await waitFor(() => expect(onDone).toHaveBeenCalled());
      expect(ownerApi.amend).toHaveBeenCalledWith(7, {
        reasonEn: 'More time to object',
        reasonAr: null,
        standstillDays: 10,
      });
    });
  }
});
