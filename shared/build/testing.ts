import { vi } from 'vitest';

type Progress = (e: { lengthComputable: boolean; loaded: number; total: number }) => void;

/**
 * The browser's XMLHttpRequest as an upload sees it, for unit tests of anything that uploads (`uploadFile`):
 * install it with `vi.stubGlobal('XMLHttpRequest', FakeXhr)`. By default the test decides when the body is sent
 * and what comes back (`FakeXhr.last.progress(…)`, `.answer(…)`); with `FakeXhr.store` set, every upload gets half
 * its body sent and then the stored file that `store` makes of it.
 */
export class FakeXhr {
  static last: FakeXhr | null = null;
  static store: ((file: File) => unknown) | null = null;
  upload: { onprogress: Progress | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  status = 0;
  response: unknown = null;
  headers: Record<string, string> = {};
  open = vi.fn();
  abort = vi.fn();
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send = vi.fn((form: FormData) => {
    FakeXhr.last = this;
    const store = FakeXhr.store;
    if (!store) return;
    setTimeout(() => {
      this.progress(1, 2);
      this.answer(201, { data: store(form.get('file') as File) });
    });
  });
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, response: unknown) {
    this.status = status;
    this.response = response;
    this.onload?.();
  }
}
