import { AppProviders, i18n, MemoryRouter, Route, Routes, useSessionStore } from '@bawaba/shared';
import { companyFixture } from '@bawaba/shared/build/testing';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DirectoryQuery } from '../../api.ts';
import { DirectoryPage } from './DirectoryPage.tsx';

const companies = vi.fn<(q: DirectoryQuery) => Promise<unknown>>();
vi.mock('../../api.ts', async (original) => ({
  ...(await original<typeof import('../../api.ts')>()),
  api: {
    categories: async () => [],
    locations: async () => [],
    activeAd: async () => null,
    companies: (q: DirectoryQuery) => companies(q),
    follows: async () => ({ follows: [], suggestions: [] }),
    inviter: async () => ({ canInvite: false, companyId: null }),
  },
}));

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => {
  cleanup();
  companies.mockReset();
});

const rated = companyFixture({
  id: 1,
  name: 'Alpha Trading',
  reputation: {
    contractsDelivered: 3,
    averages: { quality: 4.333, timeliness: 4, communication: 5, paymentOnTime: null },
    overall: 4.444,
    ratingsCount: 2,
  },
});
const unrated = companyFixture({ id: 2, name: 'Beta Builders' });

function renderDirectory(path = '/service') {
  useSessionStore.setState({ token: null, user: null, language: 'en' });
  companies.mockResolvedValue({ items: [rated, unrated], page: 1, pageCount: 1, totalItems: 2 });
  let location = '';
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/service"
            element={
              <>
                <DirectoryPage />
                <Probe onLocation={(l) => (location = l)} />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { user: userEvent.setup({ delay: null }), location: () => location };
}

import { useLocation } from '@bawaba/shared';

function Probe({ onLocation }: { onLocation: (search: string) => void }) {
  onLocation(useLocation().search);
  return null;
}

describe('reputation in the directory', { timeout: 30_000 }, () => {
  it('shows a company’s contracts delivered and its averages on its card, nothing for a company without', async () => {
    renderDirectory();
    const cards = await screen.findAllByTestId('company-card');
    const [alpha, beta] = cards as [HTMLElement, HTMLElement];
    const reputation = await within(alpha).findByTestId('reputation');
    expect(within(reputation).getByTestId('contracts-delivered').textContent).toBe(
      '3 contracts delivered on Bawaba',
    );
    expect(within(reputation).getByTestId('reputation-overall').textContent).toBe('Rated 4.4/5 (2 ratings)');
    expect(
      within(reputation)
        .getAllByTestId('reputation-average')
        .map((a) => a.textContent),
    ).toEqual(['Quality 4.3', 'Timeliness 4', 'Communication 5']);
    expect(within(beta).queryByTestId('reputation')).toBeNull();
  });

  it('filters by reputation and sorts by rating once Search runs; both stay in the URL', async () => {
    const { user, location } = renderDirectory();
    await screen.findAllByTestId('company-card');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reputation on Bawaba' }), '4');
    await user.click(screen.getByRole('checkbox', { name: 'Best rated first' }));
    // A draft until Search.
    expect(companies).toHaveBeenLastCalledWith(expect.objectContaining({ reputation: '', sort: '' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(companies).toHaveBeenLastCalledWith(
        expect.objectContaining({ reputation: '4', sort: 'rating' }),
      ),
    );
    expect(location()).toBe('?reputation=4&sort=rating');
    // Clear drops both.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(companies).toHaveBeenLastCalledWith(expect.objectContaining({ reputation: '', sort: '' })),
    );
  });

  it('opens with the URL’s reputation filter and order', async () => {
    renderDirectory('/service?reputation=delivered&sort=rating');
    await screen.findAllByTestId('company-card');
    expect(companies).toHaveBeenLastCalledWith(
      expect.objectContaining({ reputation: 'delivered', sort: 'rating' }),
    );
    expect((screen.getByTestId('reputation-filter') as HTMLSelectElement).value).toBe('delivered');
    expect((screen.getByTestId('sort-by-rating') as HTMLInputElement).checked).toBe(true);
  });
});
