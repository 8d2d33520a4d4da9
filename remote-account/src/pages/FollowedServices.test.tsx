import { AppProviders, i18n, MemoryRouter } from '@bawaba/shared';
import type { Follows } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api.ts';
import { FollowedServices } from './FollowedServices.tsx';

const ref = (id: number, name: string) => ({ id, slug: `s-${id}`, name, nameEn: name, nameAr: name });

/** The server's state: what the mocked calls read and change. */
let state: Follows;
vi.mock('../api.ts', () => ({
  api: {
    follows: vi.fn(async () => structuredClone(state)),
    follow: vi.fn(async (body: { service?: number }) => {
      const service = state.suggestions.find((s) => s.id === body.service) ?? null;
      const follow = {
        id: 100 + (body.service ?? 0),
        service,
        category: null,
        createdAt: '2026-11-25T10:00:00Z',
      };
      state = {
        follows: [...state.follows, follow],
        suggestions: state.suggestions.filter((s) => s.id !== body.service),
      };
      return follow;
    }),
    unfollow: vi.fn(async (id: number) => {
      state = { ...state, follows: state.follows.filter((f) => f.id !== id) };
    }),
  },
}));

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <FollowedServices />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  state = {
    follows: [
      { id: 1, service: ref(5, 'Plumbing'), category: null, createdAt: '2026-11-20T10:00:00Z' },
      { id: 2, service: null, category: ref(9, 'Construction'), createdAt: '2026-11-20T10:00:00Z' },
    ],
    suggestions: [ref(6, 'Electrical works')],
  };
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const followed = async () =>
  (await screen.findAllByTestId('followed-item')).map((row) => row.querySelector('p')?.textContent);

describe('followed services on My Profile', () => {
  it('lists services and whole categories, unfollows one and follows a suggestion', async () => {
    show();
    expect(await followed()).toEqual(['Plumbing', 'All of Construction']);

    fireEvent.click(screen.getByRole('button', { name: 'Unfollow Plumbing' }));
    await waitFor(() => expect(api.unfollow).toHaveBeenCalledWith(1));
    await waitFor(async () => expect(await followed()).toEqual(['All of Construction']));

    const suggestions = screen.getByTestId('follow-suggestions');
    expect(within(suggestions).getByText('Suggested from your company')).toBeTruthy();
    fireEvent.click(within(suggestions).getByRole('button', { name: 'Follow Electrical works' }));
    await waitFor(() => expect(api.follow).toHaveBeenCalledWith({ service: 6 }));
    await waitFor(async () => expect(await followed()).toEqual(['All of Construction', 'Electrical works']));
    expect(screen.queryByTestId('follow-suggestions')).toBeNull();
  });

  it('points to the directory when nothing is followed', async () => {
    state = { follows: [], suggestions: [] };
    show();
    const empty = await screen.findByTestId('follows-empty');
    expect(empty.textContent).toContain('You do not follow any service yet.');
    expect(within(empty).getByRole('link', { name: 'directory' }).getAttribute('href')).toBe('/service');
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
  });
});
