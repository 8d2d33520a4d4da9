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

describe('SafeHtml: each block in its own direction', () => {
  it('gives paragraphs, headings and list items dir="auto" (not blocks inside an item; a given dir stays)', async () => {
    render(
      <AppProviders>
        <SafeHtml
          html={
            // (Under happy-dom DOMPurify drops the first element's tag: a throwaway span comes first.)
            '<span></span><h2>Services</h2><p>نقدم خدمات</p><ul><li><p>Network design (Lot 2)</p></li><li>صيانة</li></ul>' +
            '<p dir="ltr">Kept</p>'
          }
          data-testid="rich"
        />
      </AppProviders>,
    );
    const rich = screen.getByTestId('rich');
    await screen.findByText('صيانة', {}, { timeout: 15_000 });
    const dirOf = (selector: string) =>
      [...rich.querySelectorAll(selector)].map((e) => e.getAttribute('dir'));
    expect(dirOf(':scope > p')).toEqual(['auto', 'ltr']);
    expect(dirOf('h2')).toEqual(['auto']);
    expect(dirOf('li')).toEqual(['auto', 'auto']);
    // The item decides for its paragraph (`auto` would skip a child with a dir of its own).
    expect(dirOf('li p')).toEqual([null]);
  });
});
