import {
  AppProviders,
  activateLanguage,
  notify,
  registerCatalogs,
  requestSignIn,
  sharedCatalogs,
  useSignInStore,
} from '@bawaba/shared';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostCatalogs } from '../catalogs.ts';
import { SignInModal } from './SignInModal.tsx';

beforeAll(async () => {
  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
  await activateLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => useSignInStore.getState().finish(false));
  await activateLanguage('en');
});

async function openModal(view: 'login' | 'register' | 'forgot' = 'login') {
  render(
    <AppProviders>
      <SignInModal />
    </AppProviders>,
  );
  act(() => {
    void requestSignIn(view);
  });
  return within(await screen.findByTestId('login-modal'));
}

const submit = async (modal: ReturnType<typeof within>, name: string | RegExp) => {
  await act(async () => {
    fireEvent.click(modal.getByRole('button', { name }));
  });
};

describe('the login modal’s forms (the shared form kit)', () => {
  it('shows the contract’s messages on the fields, tied to them, in English', async () => {
    const modal = await openModal();
    await submit(modal, 'Sign in');
    const emailError = await modal.findByText('Email is required.');
    expect(modal.getByText('Password is required.')).toBeTruthy();
    const email = modal.getByRole('textbox', { name: 'Email' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(emailError.id);
    expect(email.getAttribute('aria-required') ?? email.getAttribute('required')).not.toBeNull();
  });

  it('shows them in Arabic', async () => {
    await activateLanguage('ar');
    const modal = await openModal();
    await submit(modal, 'تسجيل الدخول');
    expect(await modal.findByText('البريد الإلكتروني مطلوب.')).toBeTruthy();
    expect(modal.getByText('كلمة المرور مطلوبة.')).toBeTruthy();
  });

  it('refuses a malformed email and a too long name in the registration form, in Arabic', async () => {
    await activateLanguage('ar');
    const modal = await openModal('register');
    const [name, email] = modal.getAllByRole('textbox');
    fireEvent.input(name as HTMLElement, { target: { value: 'x'.repeat(121) } });
    fireEvent.input(email as HTMLElement, { target: { value: 'not-an-email' } });
    await submit(modal, 'إنشاء الحساب');
    expect(await modal.findByText('يجب ألا يتجاوز الاسم 120 حرفًا.')).toBeTruthy();
    expect(modal.getByText('يرجى إدخال بريد إلكتروني صالح.')).toBeTruthy();
  });
});

/** The API answers every call with `status` and `body`; returns the requests it received (url, JSON body). */
function answer(status: number, body: unknown) {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const text = await input.text();
      requests.push({ url: input.url, body: text ? JSON.parse(text) : undefined });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

describe('the login modal and the server', () => {
  it('shows the server’s refusal above the fields and keeps what the user typed', async () => {
    answer(401, {
      statusCode: 401,
      error: 'Unauthorized',
      code: 'INVALID_CREDENTIALS',
      message: 'Wrong email or password',
    });
    const modal = await openModal();
    fireEvent.input(modal.getByRole('textbox', { name: 'Email' }), { target: { value: 'sara@example.qa' } });
    fireEvent.input(modal.getByLabelText(/^Password/), { target: { value: 'not-it' } });
    await submit(modal, 'Sign in');
    expect((await modal.findByRole('alert')).textContent).toContain('Wrong email or password');
    expect((modal.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('sara@example.qa');
  });

  it('after "forgot password" says to check the inbox, and leads back to the login form', async () => {
    const requests = answer(200, { data: { ok: true } });
    const modal = await openModal('forgot');
    fireEvent.input(modal.getByRole('textbox', { name: 'Email' }), { target: { value: 'sara@example.qa' } });
    await submit(modal, 'Send the link');
    expect(await modal.findByTestId('forgot-done')).toBeTruthy();
    expect(requests[0]?.url).toMatch(/\/api\/v1\/auth\/forgot-password$/);
    expect(requests[0]?.body).toEqual({ email: 'sara@example.qa' });
    await submit(modal, 'Back to sign in');
    expect(modal.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('registration and the welcome', () => {
  it.each([
    ['en', 'Create account', /Once signed in, register your company/],
    ['ar', 'إنشاء الحساب', /سجّل شركتك/],
  ] as const)(
    'asks no company name: a company is registered with its services once signed in (%s)',
    async (language, create, hint) => {
      await activateLanguage(language);
      const requests = answer(200, { data: { ok: true } });
      const modal = await openModal('register');
      expect(modal.getAllByRole('textbox')).toHaveLength(2);
      expect(modal.getByTestId('register-company-hint').textContent).toMatch(hint);
      const [name, email] = modal.getAllByRole('textbox');
      fireEvent.input(name as HTMLElement, { target: { value: 'Noura' } });
      fireEvent.input(email as HTMLElement, { target: { value: 'noura@example.qa' } });
      await submit(modal, create);
      await modal.findByTestId('register-done');
      expect(requests.map((r) => r.body)).toEqual([{ name: 'Noura', email: 'noura@example.qa' }]);
    },
  );

  it('isolates the user’s name in the welcome toast (FSI … PDI), in Arabic', async () => {
    await activateLanguage('ar');
    const toast = vi.spyOn(notify, 'success');
    const user = {
      id: 4,
      name: 'Sara (QA)',
      email: 'sara@example.qa',
      isAdmin: false,
      imageUrl: null,
      companyName: null,
      hasCompany: false,
      language: 'ar',
      emailPrefs: {},
    };
    answer(200, { data: { accessToken: 'token', user } });
    const modal = await openModal();
    fireEvent.input(modal.getByRole('textbox', { name: 'البريد الإلكتروني' }), {
      target: { value: 'sara@example.qa' },
    });
    fireEvent.input(modal.getByLabelText(/^كلمة المرور/), { target: { value: 'secret1' } });
    await submit(modal, 'تسجيل الدخول');
    await vi.waitFor(() => expect(toast).toHaveBeenCalled());
    expect(toast.mock.calls[0]?.[0]).toContain('\u2068Sara (QA)\u2069');
    toast.mockRestore();
  });
});
