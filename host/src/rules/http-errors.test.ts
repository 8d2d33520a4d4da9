import { describe, expect, it } from 'vitest';
import { errorPopupFor, popupKey } from './http-errors.ts';

describe('error catalogue (docs/product-spec.md §8)', () => {
  it('422 asks to check the inputs', () => {
    expect(errorPopupFor(422, 'name: Name is required.')).toEqual({
      kind: 'check-inputs',
      popupKind: 'error',
    });
  });

  it.each([400, 404, 406, 409])('%i shows the server message under the system name', (status) => {
    expect(errorPopupFor(status, 'Tender not found')).toEqual({
      kind: 'server-message',
      popupKind: 'error',
      message: 'Tender not found',
    });
  });

  it.each([401, 403])(
    '%i ends the session: warning, storage cleared, spinner hidden, then the root',
    (status) => {
      expect(errorPopupFor(status, 'whatever')).toEqual({
        kind: 'unauthorized',
        popupKind: 'warning',
        clearSession: true,
        hideSpinner: true,
        afterClose: '/',
      });
    },
  );

  it('500 says to try again later', () => {
    expect(errorPopupFor(500, null)).toEqual({ kind: 'server-error', popupKind: 'error' });
  });

  it.each([200, 201, 302, 402, 405, 413, 415, 429, 502, 503])('%i is passed on to the caller', (status) => {
    expect(errorPopupFor(status, 'x')).toBeNull();
  });

  it('identical popups share a key so they are not stacked', () => {
    expect(popupKey(errorPopupFor(401, null)!)).toBe(popupKey(errorPopupFor(403, 'other')!));
    expect(popupKey(errorPopupFor(404, 'a')!)).not.toBe(popupKey(errorPopupFor(404, 'b')!));
  });
});
