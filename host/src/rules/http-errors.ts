/**
 * The global HTTP error catalogue (docs/product-spec.md §8) as data: what popup a failed call raises. The shell translates
 * the texts and shows the popup; every popup's button reads 'Retry' (spec: "an OK button labelled 'Retry'").
 * - 422: 'Check Your Inputs' / 'Please check your inputs'.
 * - 400, 404, 406, 409: titled with the system name, showing the server's message.
 * - 401, 403: spinner hidden, local storage cleared (language kept), warning "You're not authorized to
 *   perform action" / 'Please reconnect with a valid account'; after closing, go to the root path.
 * - 500: 'Please try again later' / 'An error occurred while connecting to the server.'
 * - Anything else: passed on to the caller, no popup.
 */
export type ErrorPopup =
  | { kind: 'check-inputs'; popupKind: 'error' }
  | { kind: 'server-message'; popupKind: 'error'; message: string | null }
  | { kind: 'unauthorized'; popupKind: 'warning'; clearSession: true; hideSpinner: true; afterClose: '/' }
  | { kind: 'server-error'; popupKind: 'error' };

export function errorPopupFor(status: number, serverMessage: string | null): ErrorPopup | null {
  switch (status) {
    case 422:
      return { kind: 'check-inputs', popupKind: 'error' };
    case 400:
    case 404:
    case 406:
    case 409:
      return { kind: 'server-message', popupKind: 'error', message: serverMessage };
    case 401:
    case 403:
      return {
        kind: 'unauthorized',
        popupKind: 'warning',
        clearSession: true,
        hideSpinner: true,
        afterClose: '/',
      };
    case 500:
      return { kind: 'server-error', popupKind: 'error' };
    default:
      return null;
  }
}

/**
 * Several calls failing together (a page loading three lists with an expired token) must not stack the
 * same popup three times: a popup identical to one already queued is dropped.
 */
export function popupKey(popup: ErrorPopup): string {
  return popup.kind === 'server-message' ? `${popup.kind}:${popup.message ?? ''}` : popup.kind;
}
