import { type HttpEvent, i18n, onHttpEvent, showPopup, useSessionStore } from '@bawaba/shared';
import { msg } from '@lingui/core/macro';
import { type ErrorPopup, errorPopupFor, popupKey } from '../rules/http-errors.ts';
import { SpinnerCounter } from '../rules/spinner.ts';
import { useSessionEnding } from './session-ending.ts';

/** The texts of the error catalogue (docs/product-spec.md §8), translated when shown. */
function texts(popup: ErrorPopup): { title: string; text?: string } {
  switch (popup.kind) {
    case 'check-inputs':
      return { title: i18n._(msg`Check Your Inputs`), text: i18n._(msg`Please check your inputs`) };
    case 'server-message':
      return {
        // The system name; the server's message is already in the request's language (Accept-Language).
        title: i18n._(msg`Bawaba`),
        text: popup.message ?? i18n._(msg`Something went wrong. Please try again.`),
      };
    case 'unauthorized':
      return {
        title: i18n._(msg`You're not authorized to perform action`),
        text: i18n._(msg`Please reconnect with a valid account`),
      };
    case 'server-error':
      return {
        title: i18n._(msg`Please try again later`),
        text: i18n._(msg`An error occurred while connecting to the server.`),
      };
  }
}

let reportRefusal: ((status: number, url: string) => void) | null = null;

/**
 * A refusal that did not come through the HTTP client — the live stream's 401 when the session was revoked
 * elsewhere (logout on another device, a password change) — handled like any call's: the same popup and
 * sign-out. Does nothing before the shell is connected.
 */
export function reportHttpRefusal(status: number, url: string): void {
  reportRefusal?.(status, url);
}

/**
 * Wires every call of the shared HTTP client to the shell: the spinner counter and the error popups.
 * Returns the unsubscribe function. `goTo` navigates inside the single-page app.
 */
export function connectHttpShell(options: {
  onSpinner: (visible: boolean) => void;
  goTo: (path: string) => void;
}): () => void {
  const spinner = new SpinnerCounter(options.onSpinner);
  const showing = new Set<string>();

  const showError = (event: Extract<HttpEvent, { type: 'error' }>) => {
    if (event.silent) return;
    const popup = errorPopupFor(event.status, event.message);
    if (!popup) return;
    const key = popupKey(popup);
    if (showing.has(key)) return;
    showing.add(key);
    if (popup.kind === 'unauthorized') {
      spinner.reset();
      useSessionEnding.getState().set(true);
      useSessionStore.getState().signOut();
    }
    void showPopup({ kind: popup.popupKind, ...texts(popup), confirmLabel: i18n._(msg`Retry`) }).then(() => {
      showing.delete(key);
      if (popup.kind === 'unauthorized') {
        options.goTo(popup.afterClose);
        useSessionEnding.getState().set(false);
      }
    });
  };
  const handle = (event: HttpEvent) => {
    if (event.type === 'start') return spinner.start();
    if (event.type === 'end') return spinner.end();
    spinner.error();
    showError(event);
  };
  reportRefusal = (status, url) =>
    showError({ type: 'error', status, message: null, code: null, url, silent: false });
  const unsubscribe = onHttpEvent(handle);
  return () => {
    unsubscribe();
    spinner.reset();
    reportRefusal = null;
  };
}
