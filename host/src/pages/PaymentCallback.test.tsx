import {
  AppProviders,
  activateLanguage,
  MemoryRouter,
  registerCatalogs,
  sharedCatalogs,
  useSessionStore,
} from '@bawaba/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostCatalogs } from '../catalogs.ts';
import { PaymentCallbackPage } from './PaymentCallback.tsx';

beforeAll(async () => {
  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => useSessionStore.getState().signOut());
  await activateLanguage('en');
});

/** The API: the payer's failed payment of proposal 41, and that proposal saying whether it can be paid now. */
function api(canPay: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const data = input.url.includes('/payments/')
        ? {
            id: '3f2b8c1e-6a4d-4f7b-9c2e-1a2b3c4d5e6f',
            reference: 'PAY-0123456789AB',
            provider: 'sandbox',
            status: 'failed',
            amount: 250,
            currency: 'QAR',
            proposalId: 41,
            tender: { id: 5, title: 'تجهيز المكاتب', titleLang: 'ar' },
            createdAt: '2026-11-20T10:00:00.000Z',
            completedAt: '2026-11-20T10:01:00.000Z',
          }
        : input.url.includes('/proposals/41')
          ? { id: 41, paymentStatus: 'failed', amountDue: 250, canPay }
          : null;
      return new Response(JSON.stringify({ data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

async function show(language: 'en' | 'ar') {
  await activateLanguage(language);
  act(() => useSessionStore.getState().signIn('token', { id: 3, name: 'Bidder', isAdmin: false }));
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/callback?status=Failed&reference=PAY-0123456789AB']}>
        <PaymentCallbackPage />
      </MemoryRouter>
    </AppProviders>,
  );
  await screen.findByTestId('payment-record', {}, { timeout: 5000 });
}

describe('payment failed: Try again only while the API says the proposal can be paid', () => {
  it('offers Try again while the proposal can still be paid (en)', async () => {
    api(true);
    await show('en');
    expect(screen.getByTestId('payment-result').dataset.status).toBe('failed');
    expect(screen.getByTestId('payment-retry').textContent).toBe('Try again');
    // An Arabic-only tender title inside the English page is marked Arabic.
    const tender = screen.getByTestId('payment-tender');
    expect(tender.textContent).toBe('تجهيز المكاتب');
    expect([tender.getAttribute('lang'), tender.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect(screen.getByTestId('payment-failed-text').textContent).toBe(
      'Unfortunately, your transaction could not be processed. Please try again.',
    );
  });

  for (const [language, text, link] of [
    ['en', 'Nothing was charged. This proposal can no longer be paid.', 'My proposals'],
    ['ar', 'لم يُخصم أي مبلغ. لم يعد بالإمكان دفع رسوم هذا العرض.', 'عروضي'],
  ] as const) {
    it(`offers no Try again once the proposal can no longer be paid (the tender ended) (${language})`, async () => {
      api(false);
      await show(language);
      expect(screen.getByTestId('payment-result').dataset.status).toBe('failed');
      expect(screen.queryByTestId('payment-retry')).toBeNull();
      expect(screen.getByTestId('payment-failed-text').textContent).toBe(text);
      const proposals = screen.getByTestId('payment-proposals');
      expect(proposals.textContent).toBe(link);
      expect(proposals.getAttribute('href')).toBe('/account/submitted-proposals');
    });
  }
});
