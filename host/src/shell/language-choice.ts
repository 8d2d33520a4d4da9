import { activateLanguage, type Language, useSessionStore } from '@bawaba/shared';
import { call, updateMyProfile } from '@bawaba/shared/call';

/**
 * The language switch: the catalogs first, then the page (the re-rendered route paints in the new language at
 * once). A signed-in user's choice is also stored on their account (PATCH /users/me `language`): their mails and
 * live notifications are written in it. The site's calls only say which language to answer in; they never
 * change the stored one.
 */
export async function chooseLanguage(next: Language): Promise<void> {
  await activateLanguage(next);
  useSessionStore.getState().setLanguage(next);
  const token = useSessionStore.getState().token;
  if (!token) return;
  await call(updateMyProfile, { body: { language: next }, context: { background: true } });
}
