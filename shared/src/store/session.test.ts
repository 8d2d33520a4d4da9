import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, useSessionStore } from './session.ts';

const user = { id: 7, name: 'Mariam', isAdmin: false, imageUrl: '/files/p.png' };

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.getState().reload();
  });

  it('stores token, user and photo under the spec keys on sign-in', () => {
    useSessionStore.getState().signIn('tok', user);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(user);
    expect(localStorage.getItem(STORAGE_KEYS.photo)).toBe('/files/p.png');
    expect(useSessionStore.getState().user?.name).toBe('Mariam');
  });

  it('sign-out clears storage but keeps the language choice', () => {
    useSessionStore.getState().setLanguage('ar');
    useSessionStore.getState().signIn('tok', user);
    localStorage.setItem('draft', 'x');
    useSessionStore.getState().signOut();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem('draft')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, language: 'ar' });
  });

  it('forgets the stored photo when the user removes it', () => {
    useSessionStore.getState().signIn('tok', user);
    useSessionStore.getState().updateUser({ ...user, imageUrl: null });
    expect(localStorage.getItem(STORAGE_KEYS.photo)).toBeNull();
  });

  it('re-reads the user from storage', () => {
    localStorage.setItem(STORAGE_KEYS.token, 't2');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, name: 'Hamad' }));
    useSessionStore.getState().reload();
    expect(useSessionStore.getState().user?.name).toBe('Hamad');
    expect(useSessionStore.getState().token).toBe('t2');
  });
});
