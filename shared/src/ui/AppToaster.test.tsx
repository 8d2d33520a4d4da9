import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { AppProviders } from './AppProviders.tsx';
import { AppToaster, TOAST_REGION_DELAY_MS } from './AppToaster.tsx';
import { notify, toaster } from './toaster.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => {
  toaster.remove();
  cleanup();
});

describe('the toast region', () => {
  it('shows a toast raised before the region has mounted (the region waits for idle time)', async () => {
    render(
      <AppProviders>
        <AppToaster />
      </AppProviders>,
    );
    act(() => notify.success('Proposal submitted'));
    const toast = await screen.findByTestId('toast', {}, { timeout: 500 });
    expect(toast.textContent).toContain('Proposal submitted');
    expect(toast.getAttribute('data-type')).toBe('success');
  });

  it('mounts the live region a while after load, before any toast', async () => {
    vi.useFakeTimers();
    try {
      render(
        <AppProviders>
          <AppToaster />
        </AppProviders>,
      );
      // happy-dom's document is already loaded.
      await act(async () => vi.advanceTimersByTime(TOAST_REGION_DELAY_MS - 100));
      expect(screen.queryByRole('region')).toBeNull();
      await act(async () => vi.advanceTimersByTime(2200));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole('region', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
