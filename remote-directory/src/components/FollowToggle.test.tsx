import { AppProviders, HTTPError, i18n, toaster, useSessionStore } from '@bawaba/shared';
import type { Category, Follow, FollowBody, Follows } from '@bawaba/shared/contracts';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFollowsStore } from '../follows.ts';
import { CategoryTree } from './CategoryTree.tsx';

const follows = vi.fn<() => Promise<Follows>>();
const follow = vi.fn<(body: FollowBody) => Promise<Follow>>();
const unfollow = vi.fn<(id: number) => Promise<unknown>>();
vi.mock('../api.ts', async (original) => ({
  ...(await original<typeof import('../api.ts')>()),
  api: {
    follows: () => follows(),
    follow: (body: FollowBody) => follow(body),
    unfollow: (id: number) => unfollow(id),
  },
}));

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
beforeEach(() => {
  useFollowsStore.setState({ owner: null, loaded: false, ids: {}, pending: {} });
  useSessionStore.setState({ token: 'token', user: { id: 3, name: 'Sara', isAdmin: false }, language: 'en' });
});
afterEach(() => {
  cleanup();
  follows.mockReset();
  follow.mockReset();
  unfollow.mockReset();
  toaster.remove();
});

const ref = (id: number, name: string) => ({
  id,
  slug: name.toLowerCase(),
  name,
  nameEn: name,
  nameAr: name,
});
const CATEGORIES: Category[] = [
  { ...ref(1, 'IT Services'), services: [ref(7, 'Web Development'), ref(8, 'Cloud Hosting')] },
];
const followOf = (id: number, service: number | null, category: number | null): Follow => ({
  id,
  service: service === null ? null : ref(service, 'x'),
  category: category === null ? null : ref(category, 'y'),
  createdAt: '2026-11-26T10:00:00.000Z',
});

function refused(status: number, message: string): HTTPError {
  const error = new HTTPError(
    new Response(null, { status }),
    new Request('http://localhost/api/v1/follows', { method: 'POST' }),
    {} as never,
  );
  error.data = { statusCode: status, error: 'Conflict', message, code: 'ALREADY_FOLLOWING' };
  return error;
}

function renderTree(onChange = vi.fn(), followable = true) {
  render(
    <AppProviders>
      <CategoryTree followable={followable} categories={CATEGORIES} selected={[]} onChange={onChange} />
    </AppProviders>,
  );
  return { onChange, user: userEvent.setup({ delay: null }) };
}

const toggle = (name: string) => screen.findByRole('button', { name });

describe('follow toggles in the category tree', { timeout: 30_000 }, () => {
  it('shows what is followed, follows a category and unfollows a service (aria-pressed flips)', async () => {
    follows.mockResolvedValue({ follows: [followOf(11, 8, null)], suggestions: [] });
    follow.mockResolvedValue(followOf(12, null, 1));
    unfollow.mockResolvedValue({ ok: true });
    const { user, onChange } = renderTree();
    const category = await toggle('Follow IT Services');
    expect(category.getAttribute('aria-pressed')).toBe('false');
    await user.click(category);
    expect((await toggle('Unfollow IT Services')).getAttribute('aria-pressed')).toBe('true');
    expect(follow).toHaveBeenCalledWith({ category: 1 });

    // The services' toggles are inside the folded category; following does not touch the filter.
    await user.click(screen.getByRole('button', { name: /IT Services/, expanded: false }));
    const cloud = await toggle('Unfollow Cloud Hosting');
    expect(cloud.getAttribute('aria-pressed')).toBe('true');
    expect((await toggle('Follow Web Development')).getAttribute('aria-pressed')).toBe('false');
    await user.click(cloud);
    expect((await toggle('Follow Cloud Hosting')).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(unfollow).toHaveBeenCalledWith(11));
    expect(onChange).not.toHaveBeenCalled();
    expect(follows).toHaveBeenCalledTimes(1);
  });

  it("goes back and shows the server's message when a follow is refused", async () => {
    follows.mockResolvedValue({ follows: [], suggestions: [] });
    let reject: (error: unknown) => void = () => undefined;
    follow.mockReturnValue(
      new Promise((_, no) => {
        reject = no;
      }),
    );
    const { user } = renderTree();
    await user.click(await toggle('Follow IT Services'));
    // At once (optimistic), before the server answers.
    expect((await toggle('Unfollow IT Services')).getAttribute('aria-pressed')).toBe('true');
    reject(refused(409, 'You already follow this category.'));
    expect((await toggle('Follow IT Services')).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() =>
      expect(toaster.getVisibleToasts()).toMatchObject([
        { type: 'error', title: 'Could not follow', description: 'You already follow this category.' },
      ]),
    );
    expect(useSessionStore.getState().token).toBe('token');
  });

  it('rolls an unfollow back when it fails', async () => {
    follows.mockResolvedValue({ follows: [followOf(12, null, 1)], suggestions: [] });
    unfollow.mockRejectedValue(refused(404, 'Follow not found.'));
    const { user } = renderTree();
    await user.click(await toggle('Unfollow IT Services'));
    await waitFor(() => expect(unfollow).toHaveBeenCalledWith(12));
    expect((await toggle('Unfollow IT Services')).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows no toggle and asks nothing for anonymous visitors and admins (the tree still filters)', async () => {
    useSessionStore.setState({ token: null, user: null });
    const { user, onChange } = renderTree();
    await user.click(screen.getByRole('button', { name: /IT Services/ }));
    await user.click(await screen.findByText('Web Development'));
    expect(onChange).toHaveBeenCalledWith([7]);
    expect(screen.queryAllByTestId('follow-toggle')).toHaveLength(0);
    cleanup();

    useSessionStore.setState({ token: 'admin', user: { id: 1, name: 'Admin', isAdmin: true } });
    renderTree();
    await screen.findByRole('button', { name: /IT Services/ });
    expect(screen.queryAllByTestId('follow-toggle')).toHaveLength(0);
    expect(follows).not.toHaveBeenCalled();
  });

  it('shows no toggle and asks nothing where the tree picks services (the company form)', async () => {
    follows.mockResolvedValue({ follows: [], suggestions: [] });
    renderTree(vi.fn(), false);
    await screen.findByRole('button', { name: /IT Services/ });
    expect(screen.queryAllByTestId('follow-toggle')).toHaveLength(0);
    expect(follows).not.toHaveBeenCalled();
  });
});
