import { AppProviders, i18n } from '@bawaba/shared';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KeywordBox } from './KeywordBox.tsx';

const autocomplete = vi.fn();
vi.mock('../api.ts', () => ({ api: { autocomplete: (q: string) => autocomplete(q) } }));

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  autocomplete.mockReset();
});
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const svc = (id: number, name: string) => ({
  id,
  slug: name,
  name,
  nameEn: name,
  nameAr: name,
  category: { id: 1, slug: 'it', name: 'IT Services', nameEn: 'IT Services', nameAr: 'IT' },
});

function Harness({ onSubmit }: { onSubmit(value: string): void }) {
  const [value, setValue] = useState('');
  return (
    <AppProviders>
      <KeywordBox label="Keyword" value={value} onChange={setValue} onSubmit={() => onSubmit(value)} />
    </AppProviders>
  );
}

describe('KeywordBox (autocomplete over service names)', { timeout: 20_000 }, () => {
  it('suggests services for what is typed; arrows and Enter pick one without searching', async () => {
    autocomplete.mockResolvedValue([svc(1, 'Web Development'), svc(2, 'Mobile App Development')]);
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const user = userEvent.setup({ delay: null });
    const box = screen.getByRole('combobox', { name: 'Keyword' });
    await user.type(box, 'Dev');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(autocomplete).toHaveBeenLastCalledWith('Dev');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Mobile App Development/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await user.keyboard('{Enter}');
    expect((box as HTMLInputElement).value).toBe('Mobile App Development');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
    // Enter with no suggestion open runs the search.
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Mobile App Development');
  });

  it('Escape closes the suggestions; an empty box asks for none', async () => {
    autocomplete.mockResolvedValue([svc(1, 'Web Development')]);
    render(<Harness onSubmit={vi.fn()} />);
    const user = userEvent.setup({ delay: null });
    const box = screen.getByRole('combobox', { name: 'Keyword' });
    await user.type(box, 'W');
    await screen.findByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.clear(box);
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(autocomplete.mock.calls.every(([q]) => q !== '')).toBe(true);
  });
});
