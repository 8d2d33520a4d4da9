import { AppProviders, i18n, useSessionStore } from '@bawaba/shared';
import type { Category } from '@bawaba/shared/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CategoryTree } from './CategoryTree.tsx';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  useSessionStore.setState({ token: null, user: null, language: 'en' });
});
afterEach(cleanup);

/** What the box shows (its root's state; the hidden input's property lags in happy-dom). */
const shown = (name: string) =>
  screen
    .getByRole('checkbox', { name })
    .closest('[data-scope="checkbox"][data-part="root"]')
    ?.getAttribute('data-state');

const ref = (id: number, name: string) => ({
  id,
  slug: name.toLowerCase(),
  name,
  nameEn: name,
  nameAr: name,
});
const CATEGORIES: Category[] = [
  { ...ref(1, 'IT Services'), services: [ref(7, 'Web Development'), ref(8, 'Cloud Hosting')] },
  { ...ref(2, 'Security'), services: [ref(9, 'CCTV')] },
];

/** The directory's use: the selection lives in the parent and comes back as a prop. */
function Directory({ seen }: { seen(selected: number[]): void }) {
  const [selected, setSelected] = useState<number[]>([]);
  return (
    <CategoryTree
      categories={CATEGORIES}
      selected={selected}
      onChange={(next) => {
        seen(next);
        setSelected(next);
      }}
    />
  );
}

describe('the category tree (memoised boxes)', { timeout: 30_000 }, () => {
  it('ticks add to the current selection across categories; All in … selects and clears its services', async () => {
    const seen = vi.fn();
    render(
      <AppProviders>
        <Directory seen={seen} />
      </AppProviders>,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'IT Services' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Web Development' }));
    expect(seen).toHaveBeenLastCalledWith([7]);
    await user.click(screen.getByRole('button', { name: 'Security' }));
    await user.click(await screen.findByRole('checkbox', { name: 'CCTV' }));
    // The toggle keeps one identity across renders, yet reads the latest selection: 7 stays.
    expect(seen).toHaveBeenLastCalledWith([7, 9]);
    expect((screen.getByRole('checkbox', { name: 'Web Development' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('checkbox', { name: 'All in IT Services' }));
    expect([...seen.mock.lastCall![0]].sort()).toEqual([7, 8, 9]);
    expect(screen.getByLabelText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'All in IT Services' }));
    expect(seen).toHaveBeenLastCalledWith([9]);
    expect(shown('Cloud Hosting')).toBe('unchecked');
    expect(shown('CCTV')).toBe('checked');
  });
});
