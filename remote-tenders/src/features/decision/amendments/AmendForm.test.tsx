import type { Tender } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
});
