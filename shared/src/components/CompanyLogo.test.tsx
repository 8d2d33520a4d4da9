import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { AppProviders } from '../ui/AppProviders.tsx';
import { CompanyLogo } from './CompanyLogo.tsx';

afterEach(cleanup);
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const show = (url: string | null) =>
  render(
    <AppProviders>
      <CompanyLogo url={url} name="Acme" />
    </AppProviders>,
  );

describe('CompanyLogo', () => {
  it('shows an allowed logo as an image named after the company', () => {
    show('https://cdn.example.qa/acme.webp');
    expect(screen.getByRole('img', { name: 'Acme' }).getAttribute('src')).toBe(
      'https://cdn.example.qa/acme.webp',
    );
    expect(screen.queryByTestId('company-logo-placeholder')).toBeNull();
  });

  it('shows the placeholder for a logo with another extension, or none', () => {
    show('https://cdn.example.qa/acme.svg');
    expect(screen.getByTestId('company-logo-placeholder')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Acme' })).toBeNull();
    cleanup();
    show(null);
    expect(screen.getByTestId('company-logo-placeholder')).toBeTruthy();
  });

  it('falls back to the placeholder when the image cannot be loaded', () => {
    show('https://cdn.example.qa/missing.png');
    fireEvent.error(screen.getByRole('img', { name: 'Acme' }));
    expect(screen.getByTestId('company-logo-placeholder')).toBeTruthy();
  });
});
