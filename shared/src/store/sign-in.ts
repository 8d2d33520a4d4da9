import { create } from 'zustand';
import { useSessionStore } from './session.ts';

/**
 * The one login modal of the site (docs/product-spec.md §2 Shell: only one may be open at once). Anyone — the host's guard,
 * the top bar, a remote's "Login to view details" — calls `requestSignIn()`; the host renders the modal
 * while `open` is true. Every caller waiting at that moment gets the same answer: true once the user has
 * signed in, false when the modal was closed without signing in.
 */
export type SignInView = 'login' | 'register' | 'forgot';

interface SignInState {
  open: boolean;
  view: SignInView;
  /** The host's modal calls this when it closes (signedIn: the session now holds a token). */
  finish(signedIn: boolean): void;
  setView(view: SignInView): void;
}

let waiting: ((signedIn: boolean) => void)[] = [];

export const useSignInStore = create<SignInState>((set) => ({
  open: false,
  view: 'login',
  finish(signedIn) {
    const resolvers = waiting;
    waiting = [];
    set({ open: false, view: 'login' });
    for (const resolve of resolvers) resolve(signedIn);
  },
  setView(view) {
    set({ view });
  },
}));

/** Open the login modal (or join the one already open). Resolves true right away when already signed in. */
export function requestSignIn(view: SignInView = 'login'): Promise<boolean> {
  if (useSessionStore.getState().token) return Promise.resolve(true);
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!useSignInStore.getState().open) useSignInStore.setState({ open: true, view });
  });
}
