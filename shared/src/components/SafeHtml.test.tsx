import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { AppProviders } from '../ui/AppProviders.tsx';
import { SafeHtml } from './SafeHtml.tsx';

afterEach(cleanup);
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

// happy-dom cannot run DOMPurify's sanitization itself (it passes markup through), so what is checked
// here is the lazy loading; the sanitizing is checked in a real browser by e2e.
describe('SafeHtml (sanitizer fetched on first use)', () => {
  it('renders nothing until the sanitizer is loaded, then the rich text', async () => {
    render(
      <AppProviders>
        <SafeHtml html="<p>Cleaning <b>and</b> care</p>" data-testid="rich" />
      </AppProviders>,
    );
    const rich = screen.getByTestId('rich');
    expect(rich.innerHTML).toBe('');
    expect(rich.getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByText('and', {}, { timeout: 15_000 })).toBeTruthy();
    expect(rich.getAttribute('aria-busy')).toBeNull();
  });
});
