import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { AppProviders } from '../ui/AppProviders.tsx';
import { SafeHtml, sanitizeOnServerWith } from './SafeHtml.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('SafeHtml rendered on the server, then hydrated', () => {
  it('the server sends the rich text sanitized by its own sanitizer; hydration keeps it, not busy', async () => {
    const seen: string[] = [];
    sanitizeOnServerWith((html) => {
      seen.push(html);
      return html.replace(/<script[\s\S]*?<\/script>/g, '');
    });
    const html = renderToString(
      <AppProviders>
        <SafeHtml html="<p>Cleaning <b>and</b> care</p><script>x()</script>" data-testid="rich" />
      </AppProviders>,
    );
    expect(seen).toHaveLength(1);
    expect(html).toContain('<p>Cleaning <b>and</b> care</p>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('aria-busy');

    // The browser has no server sanitizer: it hydrates the server's markup as it is.
    sanitizeOnServerWith(undefined);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <AppProviders>
          <SafeHtml html="<p>Cleaning <b>and</b> care</p><script>x()</script>" data-testid="rich" />
        </AppProviders>,
        {
          onRecoverableError: (error) => errors.push(error),
        },
      );
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('b')?.textContent).toBe('and');
    container.remove();
  });
});
