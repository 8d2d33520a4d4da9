import { describe, expect, it, vi } from 'vitest';
import { canHydrate, readServerRendered, type ServerRendered, whenPageHydrated } from './hydration.ts';

const rendered = (over: Partial<ServerRendered> = {}): ServerRendered => ({
  language: 'en',
  user: null,
  remotes: { tenders: MAP.tenders },
  answers: {},
  ...over,
});
const person = { id: 7, name: 'Mariam', isAdmin: false };
const MAP = {
  tenders: 'https://tenders.example/1.2.0/mf-manifest.json',
  account: 'https://account.example/1.3.0/mf-manifest.json',
};

describe('canHydrate', () => {
  it('hydrates a page rendered for the same language and person', () => {
    expect(canHydrate(rendered(), { language: 'en', token: null, user: null }, true, MAP)).toBe(true);
    expect(
      canHydrate(rendered({ user: person }), { language: 'en', token: 't', user: person }, true, MAP),
    ).toBe(true);
  });

  it('renders over a page rendered in another language', () => {
    expect(
      canHydrate(rendered({ language: 'en' }), { language: 'ar', token: null, user: null }, true, MAP),
    ).toBe(false);
  });

  it('renders over a page rendered for someone else, or signed out while the browser is signed in, or the reverse', () => {
    expect(
      canHydrate(
        rendered({ user: person }),
        { language: 'en', token: 't', user: { ...person, id: 8 } },
        true,
        MAP,
      ),
    ).toBe(false);
    expect(canHydrate(rendered(), { language: 'en', token: 't', user: person }, true, MAP)).toBe(false);
    expect(
      canHydrate(rendered({ user: person }), { language: 'en', token: null, user: null }, true, MAP),
    ).toBe(false);
  });

  it('renders over a page when the reader shows numbers or dates another way than the default', () => {
    expect(canHydrate(rendered(), { language: 'en', token: null, user: null }, false, MAP)).toBe(false);
  });

  it('renders over a page whose remote the tab loads from elsewhere (a staging override)', () => {
    const session = { language: 'en' as const, token: null, user: null };
    expect(
      canHydrate(rendered(), session, true, { tenders: 'https://staging.example/mf-manifest.json' }),
    ).toBe(false);
    expect(canHydrate(rendered({ remotes: {} }), session, true, {})).toBe(true);
  });

  it('hydrates a page with another remote’s fragment only when the tab loads both remotes’ releases', () => {
    const session = { language: 'en' as const, token: null, user: null };
    const both = rendered({ remotes: { account: MAP.account, tenders: MAP.tenders } });
    expect(canHydrate(both, session, true, MAP)).toBe(true);
    expect(
      canHydrate(both, session, true, { ...MAP, tenders: 'https://staging.example/mf-manifest.json' }),
    ).toBe(false);
    expect(canHydrate(both, session, true, { account: MAP.account })).toBe(false);
  });

  it('renders a page the server did not render', () => {
    expect(canHydrate(null, { language: 'en', token: null, user: null }, true, MAP)).toBe(false);
  });
});

describe('readServerRendered', () => {
  it('reads the hand-over, and nothing from a page without one or with a broken one', () => {
    document.body.innerHTML = `<script type="application/json" id="bw-render">${JSON.stringify(rendered())}</script>`;
    expect(readServerRendered()).toEqual(rendered());
    document.body.innerHTML = '<script type="application/json" id="bw-render">{</script>';
    expect(readServerRendered()).toBeNull();
    document.body.innerHTML = '';
    expect(readServerRendered()).toBeNull();
  });
});

describe('whenPageHydrated', () => {
  it('ends the hydration window once the page marks itself ready, once', async () => {
    const root = document.createElement('html');
    const done = vi.fn();
    whenPageHydrated(done, 10_000, root);
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    root.setAttribute('data-bw-page-ready', '');
    await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    root.removeAttribute('data-bw-page-ready');
    root.setAttribute('data-bw-page-ready', '');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('waits for each fragment in a slot too, which hydrates after the page around it', async () => {
    const root = document.createElement('html');
    root.innerHTML = '<body><div id="root"><div data-fragment="tenderWorkspace"></div></div></body>';
    const done = vi.fn();
    whenPageHydrated(done, 10_000, root);
    root.setAttribute('data-bw-page-ready', '');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).not.toHaveBeenCalled();
    root.querySelector('[data-fragment]')?.setAttribute('data-fragment-ready', '');
    await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(1));
  });

  it('waits for each lazily loaded part the server rendered inside the page, which hydrates after it', async () => {
    const root = document.createElement('html');
    root.innerHTML = '<body><div id="root"><span hidden data-lazy-part=""></span></div></body>';
    const done = vi.fn();
    whenPageHydrated(done, 10_000, root);
    root.setAttribute('data-bw-page-ready', '');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).not.toHaveBeenCalled();
    root.querySelector('[data-lazy-part]')?.setAttribute('data-lazy-part-ready', '');
    await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(1));
  });

  it('ends it after the limit when the page never marks itself ready', () => {
    vi.useFakeTimers();
    try {
      const done = vi.fn();
      whenPageHydrated(done, 5_000, document.createElement('html'));
      vi.advanceTimersByTime(4_999);
      expect(done).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(done).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
