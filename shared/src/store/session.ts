import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand';
import { LANGUAGE_COOKIE } from './language-cookie.ts';

/** The user as the API returns it after sign-in (docs/product-spec.md §3 User + company name). */
export interface SessionUser {
  id: number;
  name: string;
  email?: string;
  isAdmin: boolean;
  imageUrl?: string | null;
  /** The active company's name, and the language it is written in. */
  companyName?: string | null;
  companyNameLang?: 'en' | 'ar' | null;
  hasCompany?: boolean;
  /** The companies the user belongs to, with their roles (docs/decisions/0011-organisations.md). */
  companies?: readonly { id: number; name: string; roles: readonly string[] }[];
  /** The company the session acts for (one of `companies`), or null. */
  activeCompanyId?: number | null;
}

export type Language = 'en' | 'ar';

/** Browser storage keys named by the spec (§3 User): token, user, photoProfile, language. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  photo: 'photoProfile',
  language: 'language',
} as const;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readUser(): SessionUser | null {
  const raw = storage()?.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

function readLanguage(): Language {
  return storage()?.getItem(STORAGE_KEYS.language) === 'ar' ? 'ar' : 'en';
}

/** The language is also a cookie (LANGUAGE_COOKIE), for the server's render of the next page. */
export function writeLanguageCookie(language: Language): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site supports.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** The user and its photo (spec key photoProfile), which goes when the user removes it. */
function storeUser(user: SessionUser): void {
  const s = storage();
  s?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  if (user.imageUrl) s?.setItem(STORAGE_KEYS.photo, user.imageUrl);
  else s?.removeItem(STORAGE_KEYS.photo);
}

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  language: Language;
  /** Store token and user after sign-in or set-password. */
  signIn(token: string, user: SessionUser): void;
  updateUser(user: SessionUser): void;
  /** Clear all local storage (docs/product-spec.md §4 logout, §8 401/403) but keep the language choice. */
  signOut(): void;
  setLanguage(language: Language): void;
  /** Re-read from storage (docs/product-spec.md §4: "the user is re-read from storage"). */
  reload(): void;
}

const sessionStore = createStore<SessionState>((set) => ({
  token: storage()?.getItem(STORAGE_KEYS.token) ?? null,
  user: readUser(),
  language: readLanguage(),
  signIn(token, user) {
    storage()?.setItem(STORAGE_KEYS.token, token);
    storeUser(user);
    set({ token, user });
  },
  updateUser(user) {
    storeUser(user);
    set({ user });
  },
  signOut() {
    const s = storage();
    const language = readLanguage();
    s?.clear();
    s?.setItem(STORAGE_KEYS.language, language);
    set({ token: null, user: null });
  },
  setLanguage(language) {
    storage()?.setItem(STORAGE_KEYS.language, language);
    writeLanguageCookie(language);
    set({ language });
  },
  reload() {
    set({
      token: storage()?.getItem(STORAGE_KEYS.token) ?? null,
      user: readUser(),
      language: readLanguage(),
    });
  },
}));

/**
 * The one session store on the page (shared singleton through Module Federation), read like zustand's own hook —
 * but a render on the server and hydration in the browser read its current state, not the state it was created
 * with (zustand's server snapshot): the render server sets the page request's person and language before each
 * render (host/src/server/render.tsx), and the browser hydrates only when its own state agrees.
 */
export const useSessionStore = Object.assign(<T>(selector: (state: SessionState) => T): T => {
  const read = () => selector(sessionStore.getState());
  return useSyncExternalStore(sessionStore.subscribe, read, read);
}, sessionStore);

/**
 * @deprecated Never used by any app: the shell reads `token` itself. Part of the shared singleton's surface, so it
 * leaves with a host release (docs/releases.md: removals wait a release); nothing new may use it.
 */
export const isSignedIn = (s: Pick<SessionState, 'token'>): boolean => Boolean(s.token);
