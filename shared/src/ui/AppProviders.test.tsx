import { Box } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
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
