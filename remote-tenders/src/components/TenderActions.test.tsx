import { usePopupStore, useSessionStore } from '@bawaba/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateEnglish, renderPage, tender } from '../test-utils.tsx';
import { TenderActions } from './TenderActions.tsx';

const submitInterest = vi.fn();
vi.mock('../api.ts', async (original) => ({
  ...(await original<typeof import('../api.ts')>()),
  submitInterest: (...args: unknown[]) => submitInterest(...args),
}));

beforeAll(activateEnglish);
beforeEach(() => {
  useSessionStore.setState({ token: 't', user: { id: 3, name: 'Bidder', isAdmin: false } });
  submitInterest.mockReset();
});
afterEach(() => {
  cleanup();
  usePopupStore.setState({ queue: [] });
});

/** Press Interest and confirm. */
async function express() {
  fireEvent.click(screen.getByTestId('action-interest'));
  await waitFor(() => expect(usePopupStore.getState().queue).toHaveLength(1));
  usePopupStore.getState().close(usePopupStore.getState().queue[0]!.id, true);
}

describe('Interest', () => {
  it('a retry after a failed call sends the same Idempotency-Key', async () => {
    submitInterest.mockRejectedValueOnce(new Error('HTTP 502')).mockResolvedValue({ id: 1 });
    renderPage(<TenderActions tender={tender({ status: 'closed' })} />);
    await express();
    await waitFor(() => expect(submitInterest).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('action-interest').hasAttribute('disabled')).toBe(false));
    await express();
    await waitFor(() => expect(submitInterest).toHaveBeenCalledTimes(2));
    const [first, retry] = submitInterest.mock.calls;
    expect(first).toEqual([12, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(retry).toEqual(first);
  });
});
