import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { AppProviders } from './AppProviders.tsx';
import { PopupHost } from './PopupHost.tsx';
import { showPopup } from './popups.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

function Page() {
  const [submitted, setSubmitted] = useState(false);
  return (
    <main>
      {submitted ? (
        <p>Next page</p>
      ) : (
        <button
          type="button"
          onClick={() => {
            void showPopup({ kind: 'success', title: 'Proposal submitted' });
            setSubmitted(true);
          }}
        >
          Submit
        </button>
      )}
      <button type="button">Stays</button>
    </main>
  );
}

describe('PopupHost focus', () => {
  it('gives the focus back to the opener when it is still there', async () => {
    render(
      <AppProviders>
        <button type="button" onClick={() => void showPopup({ kind: 'info', title: 'Saved' })}>
          Save
        </button>
        <PopupHost />
      </AppProviders>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    act(() => fireEvent.click(save));
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(save));
  });

  it('moves the focus to <main> when the opener left the page, not to <body>', async () => {
    render(
      <AppProviders>
        <Page />
        <PopupHost />
      </AppProviders>,
    );
    const submit = screen.getByRole('button', { name: 'Submit' });
    submit.focus();
    act(() => fireEvent.click(submit));
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });
});
