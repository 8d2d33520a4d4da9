import { AppProviders, i18n, MemoryRouter, Route, Routes, usePopupStore } from '@bawaba/shared';
import { companyFixture } from '@bawaba/shared/build/testing';
import type { Company } from '@bawaba/shared/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RequestServiceForm } from './RequestServiceForm.tsx';

// Shared machines can be slow: give async assertions room.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  usePopupStore.setState({ queue: [] });
});
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const service = (id: number, name: string) => ({
  id,
  slug: name.toLowerCase(),
  name,
  nameEn: name,
  nameAr: name,
  category: { id: 1, slug: 'it', name: 'IT', nameEn: 'IT', nameAr: 'IT' },
});

const COMPANY: Company = companyFixture({
  website_url: 'https://www.example.qa',
  location: { id: 1, name: 'Doha', nameEn: 'Doha', nameAr: 'الدوحة' },
  services: [service(7, 'Web Development'), service(8, 'Cloud Hosting')],
});

function renderForm(send = vi.fn().mockResolvedValue({})) {
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/request-service/42']}>
        <Routes>
          <Route
            path="/request-service/:id"
            element={
              <RequestServiceForm
                company={COMPANY}
                user={{ id: 3, name: 'Sara Haddad', email: 'sara@example.qa', isAdmin: false }}
                send={send}
              />
            }
          />
          <Route path="/service" element={<p>Directory page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { send, user: userEvent.setup({ delay: null }) };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Send request' }) as HTMLButtonElement;

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Phone'), '55512345');
  await user.click(screen.getByText('Cloud Hosting'));
  await user.type(field('Project title'), 'New website');
  await user.type(field('Description'), 'A bilingual site');
}

describe('RequestServiceForm (docs/product-spec.md §5)', { timeout: 30_000 }, () => {
  it('pre-fills name and email from the signed-in user and keeps submit disabled while invalid', async () => {
    const { user } = renderForm();
    expect(field('Name').value).toBe('Sara Haddad');
    expect(field('Email').value).toBe('sara@example.qa');
    await waitFor(() => expect(submit().disabled).toBe(true));
    await fillValid(user);
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it('phone: digits only', async () => {
    const { user } = renderForm();
    await user.type(field('Phone'), '55-12');
    await user.tab();
    expect(await screen.findByText('Phone must contain digits only.')).toBeTruthy();
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '5512');
    await waitFor(() => expect(screen.queryByText('Phone must contain digits only.')).toBeNull());
  });

  it('email: a valid address', async () => {
    const { user } = renderForm();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
  });

  it('description: at most 500 characters, with a counter', async () => {
    const { user } = renderForm();
    await fillValid(user);
    expect(screen.getByTestId('description-counter').textContent).toBe('16/500');
    fireEvent.change(field('Description'), { target: { value: 'x'.repeat(501) } });
    fireEvent.blur(field('Description'));
    expect(await screen.findByText('Description must be at most 500 characters.')).toBeTruthy();
    expect(screen.getByTestId('description-counter').textContent).toBe('501/500');
    await waitFor(() => expect(submit().disabled).toBe(true));
  });

  it('services: at least one of the company services', async () => {
    const { user } = renderForm();
    await fillValid(user);
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(screen.getByText('Cloud Hosting'));
    expect(await screen.findByText('Please select at least one service.')).toBeTruthy();
    await waitFor(() => expect(submit().disabled).toBe(true));
  });

  it('an invalid submit marks every field touched: all the messages show, nothing is sent', async () => {
    const { send } = renderForm();
    fireEvent.change(field('Name'), { target: { value: '' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Service request' }));
    for (const message of [
      'Name is required.',
      'Phone is required.',
      'Please select at least one service.',
      'Project title is required.',
      'Description is required.',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('Email is required.')).toBeNull(); // pre-filled, so valid
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the contract body (no last name), resets, shows the success popup and goes to /service', async () => {
    const { user, send } = renderForm();
    await user.type(field('Last name'), 'Haddad');
    await fillValid(user);
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0]).toEqual({
      name: 'Sara Haddad',
      email: 'sara@example.qa',
      phone: '55512345',
      services: [8],
      project_title: 'New website',
      description: 'A bilingual site',
      company: 42,
    });
    expect(await screen.findByText('Directory page')).toBeTruthy();
    const popup = usePopupStore.getState().queue[0];
    expect(popup).toMatchObject({
      kind: 'success',
      title: 'Request successfully sent',
      text: 'After request approval, provider could contact you',
    });
  });

  it('stays on the form with the values when sending fails', async () => {
    const { user } = renderForm(vi.fn().mockRejectedValue(new Error('500')));
    await fillValid(user);
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    await waitFor(() => expect(field('Project title').value).toBe('New website'));
    expect(screen.queryByText('Directory page')).toBeNull();
    expect(usePopupStore.getState().queue).toHaveLength(0);
  });

  it('a retry of the same request after a failure sends the same Idempotency-Key; an edited one a new key', async () => {
    const send = vi.fn().mockRejectedValue(new Error('timeout'));
    const { user } = renderForm(send);
    await fillValid(user);
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(submit().disabled).toBe(false));
    send.mockResolvedValueOnce({}).mockResolvedValue({});
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    const [first, retry] = send.mock.calls.map((c) => c[1] as string);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(await screen.findByText('Directory page')).toBeTruthy();
  });

  it('an edited request after a failure is another request: a new Idempotency-Key', async () => {
    const send = vi.fn().mockRejectedValue(new Error('timeout'));
    const { user } = renderForm(send);
    await fillValid(user);
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await user.type(field('Project title'), ' v2');
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls[1]![1]).not.toBe(send.mock.calls[0]![1]);
  });

  it('Cancel resets the form, last name included', async () => {
    const { user } = renderForm();
    await user.type(field('Last name'), 'Haddad');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(field('Project title').value).toBe(''));
    expect(field('Phone').value).toBe('');
    expect(field('Last name').value).toBe('');
    expect(field('Name').value).toBe('Sara Haddad');
    expect((screen.getByRole('checkbox', { name: 'Cloud Hosting' }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(submit().disabled).toBe(true));
  });
});
