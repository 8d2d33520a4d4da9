import { i18n, notify } from '@bawaba/shared';
import { FakeXhr } from '@bawaba/shared/build/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as arabicMain } from '../../locales/ar/messages.ts';
import { messages as arabicObjection } from '../../locales/ar/objection.ts';
import { renderPage } from '../../test-utils.tsx';
import { decisionStageApi } from '../decision/stage/decision-stage-api.ts';
import ObjectionForm from './ObjectionForm.tsx';

const IDS = ['3f2b8c1e-6a4d-4f7b-9c2e-1a2b3c4d5e6f', '7a1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e'];
let stored = 0;
// Every upload: half the body sent, then the stored file (each with its own id).
FakeXhr.store = (file) => ({
  id: IDS[stored++ % IDS.length]!,
  url: '',
  name: file.name,
  size: file.size,
  mimeType: 'application/pdf',
});
vi.stubGlobal('XMLHttpRequest', FakeXhr);
vi.mock('../decision/stage/decision-stage-api.ts', () => ({
  decisionStageApi: { object: vi.fn(async () => ({})) },
}));
vi.spyOn(notify, 'success').mockImplementation(() => undefined);

afterEach(() => {
  cleanup();
  vi.mocked(decisionStageApi.object).mockClear();
  stored = 0;
});

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('the objection form', () => {
  for (const language of ['en', 'ar'] as const) {
    const en = language === 'en';
    it(`sends the documents uploaded with the objection, by id, without the one removed (${language})`, async () => {
      await i18n.loadAndActivate({
        locale: language,
        messages: en ? {} : { ...arabicMain, ...arabicObjection },
      });
      const onFiled = vi.fn();
      renderPage(<ObjectionForm tenderId={9} onFiled={onFiled} onCancel={vi.fn()} />);
      const form = screen.getByTestId('objection-form');
      fireEvent.click(within(form).getByText(en ? 'A scoring error' : 'خطأ في التقييم'));
      fireEvent.change(within(form).getByLabelText(en ? 'What happened' : 'ماذا حدث', { exact: false }), {
        target: { value: 'تم احتساب السعر خطأ' },
      });
      fireEvent.change(within(form).getByLabelText(en ? 'What you ask for' : 'ما تطلبه', { exact: false }), {
        target: { value: 'Re-evaluate' },
      });
      const input = screen.getByTestId('objection-documents-input') as HTMLInputElement;
      // The contract's accept list for objection documents, not the host's (older hosts have none for it).
      expect(input.getAttribute('accept')).toBe('.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png');
      fireEvent.change(input, { target: { files: [pdf('minutes.pdf')] } });
      await waitFor(() => expect(screen.getAllByTestId('uploaded-file')).toHaveLength(1));
      fireEvent.change(input, { target: { files: [pdf('letter.pdf')] } });
      await waitFor(() => expect(screen.getAllByTestId('uploaded-file')).toHaveLength(2));
      const [minutes] = screen.getAllByTestId('uploaded-file');
      expect(minutes!.textContent).toContain('minutes.pdf');
      fireEvent.click(within(minutes!).getByRole('button'));
      await waitFor(() => expect(screen.getAllByTestId('uploaded-file')).toHaveLength(1));

      fireEvent.click(screen.getByRole('button', { name: en ? 'Send the objection' : 'إرسال الاعتراض' }));
      await waitFor(() => expect(onFiled).toHaveBeenCalled());
      expect(decisionStageApi.object).toHaveBeenCalledWith(9, {
        grounds: ['scoring_error'],
        statement: 'تم احتساب السعر خطأ',
        remedy: 'Re-evaluate',
        documentIds: [IDS[1]],
      });
      expect(
        screen.getByText(
          en
            ? "Up to 10 documents that support the objection: the buyer and the platform's administrators read them."
            : 'حتى 10 مستندات تدعم الاعتراض، يطّلع عليها المشتري ومسؤولو المنصة.',
        ),
      ).toBeTruthy();
    });
  }
});
