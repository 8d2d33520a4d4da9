import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../build/testing.ts';
import { onHttpEvent } from '../http/client.ts';
import { i18n } from '../i18n/index.ts';
import { AppProviders } from '../ui/AppProviders.tsx';
import { AppToaster } from '../ui/AppToaster.tsx';
import { toaster } from '../ui/toaster.ts';
import { FileUpload } from './FileUpload.tsx';

afterEach(cleanup);
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

function pick(onUploaded = vi.fn()) {
  render(
    <AppProviders>
      <FileUpload purpose="tender-document" testId="docs" onUploaded={onUploaded}>
        Add documents
      </FileUpload>
    </AppProviders>,
  );
  const input = screen.getByTestId('docs-input') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' })] },
  });
  return { onUploaded, xhr: FakeXhr.last as FakeXhr };
}

describe('FileUpload', () => {
  it('shows the progress of a large file, then hands the stored file over', async () => {
    const { onUploaded, xhr } = pick();
    expect(xhr).not.toBeNull();
    act(() => xhr.progress(30, 100));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    const stored = {
      id: 'f1',
      url: '/api/v1/files/f1',
      name: 'big.pdf',
      size: 8,
      mimeType: 'application/pdf',
    };
    await act(async () => xhr.answer(201, { data: stored }));
    expect(onUploaded).toHaveBeenCalledWith(stored);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's reason when it refuses the file (too large, wrong type, too many uploads)", async () => {
    for (const [status, message] of [
      [413, 'The file is larger than 50 MB'],
      [415, 'This file type is not allowed here (pdf, doc, docx, xls, xlsx, jpg, png)'],
      [429, 'Too many attempts, please wait a moment and try again'],
    ] as const) {
      const { onUploaded, xhr } = pick();
      await act(async () => xhr.answer(status, { statusCode: status, message, code: 'X' }));
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(onUploaded).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('says the file could not be sent when the connection fails, and tells the shell about a 401', async () => {
    const { xhr } = pick();
    await act(async () => xhr.onerror?.());
    expect(screen.getByRole('alert').textContent).toMatch(/could not be sent/);
    cleanup();
    const heard: number[] = [];
    const off = onHttpEvent((event) => {
      if (event.type === 'error') heard.push(event.status);
    });
    const second = pick();
    await act(async () => second.xhr.answer(401, { message: 'Please sign in to continue' }));
    off();
    expect(heard).toEqual([401]);
  });
});

describe('FileUpload list and picture-card variants', () => {
  const held = [{ id: 'f9', name: 'offer.pdf', size: 2048 }];

  it('lists the held files with their size and a remove button, and shows one progress bar per file in flight', async () => {
    const onRemove = vi.fn();
    render(
      <AppProviders>
        <FileUpload
          purpose="milestone-document"
          variant="list"
          multiple
          testId="docs"
          files={held}
          onRemove={onRemove}
          onUploaded={vi.fn()}
        >
          Upload documents
        </FileUpload>
      </AppProviders>,
    );
    expect(screen.getByTestId('uploaded-file').textContent).toContain('offer.pdf');
    expect(screen.getByTestId('uploaded-file').textContent).toContain('2 kB');
    fireEvent.click(screen.getByRole('button', { name: 'Remove offer.pdf' }));
    expect(onRemove).toHaveBeenCalledWith('f9');
    fireEvent.change(screen.getByTestId('docs-input'), {
      target: {
        files: [
          new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }),
          new File(['%PDF-1.4'], 'b.pdf', { type: 'application/pdf' }),
        ],
      },
    });
    expect(screen.getAllByTestId('upload-progress')).toHaveLength(2);
  });

  it('in a one-file picture card, offers no second upload once a file is held', () => {
    const { rerender } = render(
      <AppProviders>
        <FileUpload purpose="proposal-attachment" variant="picture-card" files={[]} onUploaded={vi.fn()}>
          Upload
        </FileUpload>
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
    rerender(
      <AppProviders>
        <FileUpload purpose="proposal-attachment" variant="picture-card" files={held} onUploaded={vi.fn()}>
          Upload
        </FileUpload>
      </AppProviders>,
    );
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.getByTestId('uploaded-file').textContent).toContain('offer.pdf');
  });

  it("with toast texts, says so in a toast too, the server's reason as its description", async () => {
    const onUploaded = vi.fn();
    render(
      <AppProviders>
        <FileUpload
          purpose="proposal-attachment"
          variant="list"
          testId="att"
          successMessage="File uploaded successfully"
          failureMessage="File upload failed"
          onUploaded={onUploaded}
        >
          Choose file
        </FileUpload>
        <AppToaster />
      </AppProviders>,
    );
    fireEvent.change(screen.getByTestId('att-input'), {
      target: { files: [new File(['x'], 'a.exe', { type: 'application/octet-stream' })] },
    });
    const message = 'This file type is not allowed here (pdf, doc, docx, xls, xlsx, jpg, png)';
    await act(async () => FakeXhr.last?.answer(415, { statusCode: 415, message, code: 'X' }));
    expect(screen.getByTestId('att-error').textContent).toBe(message);
    const toast = await screen.findByTestId('toast', {}, { timeout: 1500 });
    expect(toast.textContent).toContain('File upload failed');
    expect(toast.textContent).toContain(message);
    expect(toast.getAttribute('data-type')).toBe('error');
    act(() => toaster.remove());
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
