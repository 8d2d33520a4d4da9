import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { AppProviders } from '../ui/AppProviders.tsx';
import { Pager } from './Pager.tsx';

afterEach(cleanup);
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const renderPager = (page: number, pageCount: number) => {
  const onChange = vi.fn();
  render(
    <AppProviders>
      <Pager page={page} pageCount={pageCount} onChange={onChange} />
    </AppProviders>,
  );
  return onChange;
};

describe('Pager', () => {
  it('disables previous on the first page and moves forward', () => {
    const onChange = renderPager(1, 3);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('disables next on the last page and moves back', () => {
    const onChange = renderPager(3, 3);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('shows page 1 of 1 with both arrows disabled when there is nothing to page', () => {
    renderPager(1, 0);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    for (const name of ['Previous page', 'Next page'])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });
});
