import { renderToString } from 'react-dom/server';
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

describe('the session on a page rendered on the server', () => {
  it('a render reads the state the render server set, not the state the store was made with', () => {
    useSessionStore.setState({
      language: 'ar',
      token: 'rendered',
      user: { id: 5, name: 'مريم', isAdmin: false },
    });
    function Probe() {
      const name = useSessionStore((s) => s.user?.name);
      const id = useSessionStore((s) => (s.token ? s.user?.id : 'signed out'));
      return (
        <p>
          {useSessionStore((s) => s.language)} {name} {id}
        </p>
      );
    }
    expect(renderToString(<Probe />)).toContain('ar<!-- --> <!-- -->مريم<!-- --> <!-- -->5');
    useSessionStore.setState({ token: null, user: null });
    expect(renderToString(<Probe />)).toContain('signed out');
  });

  it('the language choice is also the cookie the server renders pages in', () => {
    useSessionStore.getState().setLanguage('ar');
    expect(document.cookie).toContain('bawaba-lang=ar');
    useSessionStore.getState().setLanguage('en');
    expect(document.cookie).toContain('bawaba-lang=en');
  });
});
