import { AppProviders, i18n, MemoryRouter } from '@bawaba/shared';
import { companyFixture } from '@bawaba/shared/build/testing';
import { queryWords } from '@bawaba/shared/search';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { CompanyCard } from './CompanyCard.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

const marked = (id: string) => [...screen.getByTestId(id).querySelectorAll('mark')].map((m) => m.textContent);

it('marks the searched words in the name, the summary, the location and the services, in any spelling', () => {
  const company = companyFixture({
    name: 'مؤسسة الدوحة للمقاولات',
    description: '<p>Trusted <b>contracting</b> across Qatar.</p>',
    location: { id: 1, name: 'الدوحة', nameEn: 'Doha', nameAr: 'الدوحة' },
    services: [
      {
        id: 5,
        slug: 'general-contracting',
        name: 'General Contracting',
        nameEn: 'General Contracting',
        nameAr: 'المقاولات العامة',
        category: {
          id: 2,
          slug: 'construction',
          name: 'Construction',
          nameEn: 'Construction',
          nameAr: 'البناء',
        },
      },
    ],
  });
  render(
    <AppProviders>
      <MemoryRouter>
        <CompanyCard company={company} marks={queryWords('دوحه مقاولات contracting')} />
      </MemoryRouter>
    </AppProviders>,
  );
  expect(marked('company-name')).toEqual(['الدوحة', 'للمقاولات']);
  expect(marked('company-summary')).toEqual(['contracting']);
  // Name and location: the place is marked twice.
  expect(screen.getAllByText('الدوحة', { selector: 'mark' })).toHaveLength(2);
  expect([...screen.getByTestId('service-tag').querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
    'Contracting',
  ]);
  // The text itself is unchanged.
  expect(screen.getByTestId('company-name').textContent).toBe('مؤسسة الدوحة للمقاولات');
});

it('shows each verified credential as a dated badge, with its number when the API sends it, and nothing without', () => {
  const company = companyFixture({
    credentials: [
      {
        kind: 'iso_certificate',
        title: 'ISO 9001:2015',
        issuer: 'BSI',
        issuedOn: '2025-03-12',
        expiresOn: '2027-03-12',
      },
      { kind: 'tax_card', title: null, issuer: null, issuedOn: '2025-01-01', expiresOn: '2026-12-31' },
    ],
  });
  render(
    <AppProviders>
      <MemoryRouter>
        <CompanyCard company={company} />
      </MemoryRouter>
    </AppProviders>,
  );
  const badges = screen.getAllByTestId('credential-badge').map((b) => b.textContent);
  expect(badges).toEqual([
    'ISO certificate (ISO 9001:2015) · Verified · expires Mar 12, 2027',
    'Tax card · Verified · expires Dec 31, 2026',
  ]);
  cleanup();
  render(
    <AppProviders>
      <MemoryRouter>
        <CompanyCard company={companyFixture()} />
      </MemoryRouter>
    </AppProviders>,
  );
  expect(screen.queryByTestId('credential-badges')).toBeNull();
});
