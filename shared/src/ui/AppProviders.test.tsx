import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n, registerCatalogs } from '../i18n/index.ts';
import { useSessionStore } from '../store/session.ts';
import { AppProviders, cspNonce } from './AppProviders.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

describe('the CSP nonce of Emotion styles', () => {
  it('reads the page nonce from <meta property="csp-nonce">, none without it', () => {
    const doc = document.implementation.createHTMLDocument('x');
    expect(cspNonce(doc)).toBeUndefined();
    doc.head.innerHTML = '<meta property="csp-nonce" nonce="abc123">';
    expect(cspNonce(doc)).toBe('abc123');
  });

  it("puts the page's nonce on every runtime <style> tag", () => {
    document.head.insertAdjacentHTML('beforeend', '<meta property="csp-nonce" nonce="n0nce-test">');
    render(
      <AppProviders>
        <Box color="red.500" p="3">
          styled
        </Box>
      </AppProviders>,
    );
    expect(screen.getByText('styled')).toBeTruthy();
    const styles = [...document.querySelectorAll('style[data-emotion]')];
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style.getAttribute('nonce')).toBe('n0nce-test');
  });
});

describe('switching the language', () => {
  it('renders the page once, in the new language with the new session language (catalogs first, then the store)', async () => {
    useSessionStore.setState({ language: 'en' });
    await registerCatalogs('providers-test', {
      en: async () => ({ messages: { greet: 'Hello' } }),
      ar: async () => ({ messages: { greet: 'مرحبا' } }),
    });
    await activateLanguage('en');
    const seen: string[] = [];
    function Greeting() {
      const { i18n: active } = useLingui();
      const language = useSessionStore((s) => s.language);
      seen.push(`${language}:${active._('greet')}`);
      return <p>{active._('greet')}</p>;
    }
    render(
      <AppProviders>
        <Greeting />
      </AppProviders>,
    );
    expect(screen.getByText('Hello')).toBeTruthy();
    seen.length = 0;
    // As the top bar's switch does it.
    await act(async () => {
      await activateLanguage('ar');
      useSessionStore.getState().setLanguage('ar');
    });
    expect(screen.getByText('مرحبا')).toBeTruthy();
    // Never a render with the new messages and the old language (the page rendered twice in one task before).
    expect(seen).toEqual(['ar:مرحبا']);
    await act(async () => {
      await activateLanguage('en');
      useSessionStore.getState().setLanguage('en');
    });
    expect(screen.getByText('Hello')).toBeTruthy();
  });
});
