import { useSessionStore } from '@bawaba/shared';
import type { AuthUser } from '@bawaba/shared/contracts';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api } from '../api.ts';

/**
 * The signed-in user's profile (GET /users/me) for one visit of /account. The layout asks for it once when the account
 * opens and shares the answer with its pages (the email preferences read theirs from it): one request, not one per
 * part that needs it. An update (PATCH /users/me) answers with the new profile, which replaces it, so a page opened
 * again in the same visit shows what was saved; the next visit asks again.
 */
interface AccountProfile {
  /** Null until the answer has come. */
  profile: AuthUser | null;
  /** The profile an update answered with: kept for the visit, and copied into the stored user (top bar, menu). */
  replace(profile: AuthUser): void;
}

/** The stored user takes the profile's name, photo and company (the session keeps them across pages). */
function storeUser(profile: AuthUser): void {
  useSessionStore.getState().updateUser({ ...useSessionStore.getState().user, ...profile });
}

/** Outside the layout (a page rendered alone): no profile is asked for; an update still reaches the stored user. */
export const AccountProfileContext = createContext<AccountProfile>({ profile: null, replace: storeUser });

/** The layout's side: the profile of this visit, asked for once per signed-in session. */
export function useProfileOfVisit(): AccountProfile {
  const token = useSessionStore((s) => s.token);
  const [profile, setProfile] = useState<AuthUser | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    api.me().then(
      (me) => {
        if (!live) return;
        // A transition: the context's new value reaches every part below the layout, and a part the server rendered
        // that is still waiting for its code (a lazily loaded page, another remote's fragment) would otherwise lose
        // the server's markup and be rendered anew, asking for its data again; a transition waits for it to hydrate.
        startTransition(() => setProfile(me));
        storeUser(me);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token]);
  const replace = useCallback((me: AuthUser) => {
    setProfile(me);
    storeUser(me);
  }, []);
  return useMemo(() => ({ profile, replace }), [profile, replace]);
}

/** A page's side: the profile the layout asked for (null while it comes). */
export const useAccountProfile = (): AccountProfile => useContext(AccountProfileContext);
