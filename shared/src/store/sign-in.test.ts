import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from './session.ts';
import { requestSignIn, useSignInStore } from './sign-in.ts';

describe('sign-in requests (one login modal)', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.getState().reload();
    useSignInStore.setState({ open: false, view: 'login' });
  });

  it('opens one modal for every caller and answers them all', async () => {
    const a = requestSignIn();
    const b = requestSignIn('register');
    expect(useSignInStore.getState()).toMatchObject({ open: true, view: 'login' });
    useSessionStore.getState().signIn('tok', { id: 1, name: 'A', isAdmin: false });
    useSignInStore.getState().finish(true);
    await expect(a).resolves.toBe(true);
    await expect(b).resolves.toBe(true);
    expect(useSignInStore.getState().open).toBe(false);
  });

  it('answers false when the modal is closed without signing in', async () => {
    const pending = requestSignIn();
    useSignInStore.getState().finish(false);
    await expect(pending).resolves.toBe(false);
  });

  it('does not open when already signed in', async () => {
    useSessionStore.getState().signIn('tok', { id: 1, name: 'A', isAdmin: false });
    await expect(requestSignIn()).resolves.toBe(true);
    expect(useSignInStore.getState().open).toBe(false);
  });
});
