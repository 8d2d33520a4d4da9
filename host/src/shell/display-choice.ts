import { activateLanguage, useSessionStore } from '@bawaba/shared';
import { call, updateMyProfile } from '@bawaba/shared/call';
import {
  DEFAULT_DISPLAY_PREFS,
  type DisplayPrefs,
  displayPrefs,
  readDisplayPrefs,
  setDisplayPrefs,
} from '@bawaba/shared/rules';

/**
 * The reader's digits and calendar order (shared/src/rules/display-prefs.ts), chosen in the top bar's "Numbers and
 * dates" menu: kept in the browser for everyone, and on the account of a signed-in user (PATCH /users/me
 * `displayPrefs`), so that another browser signed in as them shows the same. The page re-renders at once: every
 * number and date of every app is formatted again (the catalogs are re-activated in the same language, which
 * re-renders whatever reads them — every page of every remote release).
 */
export async function chooseDisplay(next: Partial<DisplayPrefs>): Promise<void> {
  const chosen = setDisplayPrefs(next);
  await activateLanguage(useSessionStore.getState().language);
  if (!useSessionStore.getState().token) return;
  await call(updateMyProfile, { body: { displayPrefs: chosen }, context: { background: true } });
}

const isDefault = (p: DisplayPrefs) =>
  p.digits === DEFAULT_DISPLAY_PREFS.digits && p.dateOrder === DEFAULT_DISPLAY_PREFS.dateOrder;

/**
 * At sign-in: the account's choices replace the browser's; an account that never chose takes what this browser's
 * reader chose before signing in.
 */
export async function adoptAccountDisplay(account: DisplayPrefs | undefined): Promise<void> {
  const local = displayPrefs();
  const stored = readDisplayPrefs(account);
  if (isDefault(stored)) {
    if (!isDefault(local)) await chooseDisplay(local);
    return;
  }
  if (stored.digits === local.digits && stored.dateOrder === local.dateOrder) return;
  setDisplayPrefs(stored);
  await activateLanguage(useSessionStore.getState().language);
}
