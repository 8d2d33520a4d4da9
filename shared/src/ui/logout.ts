import { msg } from '@lingui/core/macro';
import { logout as revokeSession } from '../contracts/routes/heads/auth.ts';
import { pathOf } from '../contracts/routes/route.ts';
import { http } from '../http/client.ts';
import { i18n } from '../i18n/index.ts';
import { useSessionStore } from '../store/session.ts';
import { confirmPopup } from './popups.ts';

/**
 * Logout as the spec says (§4, §8): confirmation 'Are you sure you want to log out?' / 'Your session will
 * be ended, and you will need to log in again.', then storage is cleared (language kept). The server
 * session is revoked too (POST /auth/logout), quietly: a token the server already refuses changes nothing
 * for the user. Resolves true when the user was logged out; the caller then goes home.
 */
export async function confirmLogout(): Promise<boolean> {
  const confirmed = await confirmPopup({
    title: i18n._(msg`Are you sure you want to log out?`),
    text: i18n._(msg`Your session will be ended, and you will need to log in again.`),
    confirmLabel: i18n._(msg`Log out`),
    cancelLabel: i18n._(msg`Cancel`),
  });
  if (!confirmed) return false;
  await logout();
  return true;
}

/** Revoke the server session (best effort) and clear local storage, without asking. */
export async function logout(): Promise<void> {
  if (useSessionStore.getState().token) {
    try {
      // Through the client itself: `call` (a bundled entry over this singleton) is for the apps.
      await http(pathOf(revokeSession.path), {
        method: revokeSession.method,
        context: { silent: true, background: true },
      });
    } catch {
      // Already revoked or expired: the local sign-out below is what matters.
    }
  }
  useSessionStore.getState().signOut();
}
