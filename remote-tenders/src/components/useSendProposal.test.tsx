import { Button, notify, usePopupStore } from '@bawaba/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateEnglish, renderPage } from '../test-utils.tsx';
import { useSendProposal } from './useSendProposal.ts';

vi.spyOn(notify, 'error').mockImplementation(() => undefined);
beforeAll(activateEnglish);
afterEach(() => {
  cleanup();
  usePopupStore.setState({ queue: [] });
});

/** A form that sends `body` through the hook each time its button is pressed. */
function Sender({ call, body }: { call: (body: unknown, key: string) => Promise<never>; body: unknown }) {
  const { send } = useSendProposal();
  return (
    <Button data-testid="send" onClick={() => void send(body, call)}>
      Send
    </Button>
  );
}

describe('useSendProposal: the Idempotency-Key of a submission', () => {
  it('is the same for a retry after an error, and new for the next submission after a success', async () => {
    // A fee is due: the browser would go to the checkout, and the page (and the hook) stays.
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const call = vi.fn();
    call
      .mockRejectedValueOnce(new Error('timeout'))
      .mockResolvedValue({ proposal: { id: 1 }, payUrl: '/pay' });
    renderPage(<Sender call={call} body={{ title: 'Offer' }} />);
    fireEvent.click(screen.getByTestId('send'));
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    fireEvent.click(screen.getByTestId('send')); // the retry: succeeds
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay'));
    fireEvent.click(screen.getByTestId('send')); // a new submission
    await waitFor(() => expect(call).toHaveBeenCalledTimes(3));
    const [first, retry, next] = call.mock.calls.map((c) => c[1] as string);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });
});
