import { AppProviders, i18n } from '@bawaba/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RejectionPrompt } from './RejectionPrompt.tsx';
import { askToReject, RejectionCancelled } from './rejection-prompt.ts';

const show = () =>
  render(
    <AppProviders>
      <RejectionPrompt />
    </AppProviders>,
  );

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
});

describe('asking the admin why a company or tender is rejected', () => {
  it('sends nothing without a reason, then sends the reason and answers with the API’s answer', async () => {
    show();
    const send = vi.fn(async (reason: string) => ({ id: 4, status: 'rejected', reason }));
    let asked!: Promise<unknown>;
    act(() => {
      asked = askToReject('company', send);
    });
    const dialog = await screen.findByTestId('reject-dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('Reject this company?');
    expect(dialog.textContent).toContain("The company's owner sees this reason.");
    fireEvent.click(screen.getByTestId('reject-confirm'));
    expect(await screen.findByText('Reason is required.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    fireEvent.input(screen.getByTestId('reject-reason'), { target: { value: 'مستندات ناقصة' } });
    fireEvent.click(screen.getByTestId('reject-confirm'));
    await expect(asked).resolves.toEqual({ id: 4, status: 'rejected', reason: 'مستندات ناقصة' });
    expect(send).toHaveBeenCalledWith('مستندات ناقصة');
    await waitFor(() => expect(screen.queryByTestId('reject-dialog')).toBeNull());
  });

  it('stays open when the API refuses, and a closed dialog sends nothing', async () => {
    show();
    const send = vi.fn(async () => {
      throw new Error('refused');
    });
    let asked!: Promise<unknown>;
    act(() => {
      asked = askToReject('tender', send);
    });
    const dialog = await screen.findByTestId('reject-dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('Reject this tender?');
    fireEvent.input(screen.getByTestId('reject-reason'), { target: { value: 'No budget' } });
    fireEvent.click(screen.getByTestId('reject-confirm'));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('reject-dialog')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(asked).rejects.toBeInstanceOf(RejectionCancelled);
    await waitFor(() => expect(screen.queryByTestId('reject-dialog')).toBeNull());
  });
});
