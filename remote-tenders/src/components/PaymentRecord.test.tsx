import { AppProviders, i18n, useSessionStore } from '@bawaba/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as arabic } from '../locales/ar/messages.ts';
import { PaymentRecord } from './PaymentRecord.tsx';

afterEach(cleanup);

describe('the buyer’s payment record on the tender page', () => {
  it('tells bidders how many milestone payments the buyer made on time, in English and Arabic', async () => {
    for (const language of ['en', 'ar'] as const) {
      await i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arabic : {} });
      useSessionStore.setState({ language });
      render(
        <AppProviders>
          <PaymentRecord
            tender={{ isOwner: false, buyerPaymentRecord: { milestonesDue: 4, paidOnTime: 3, share: 0.75 } }}
          />
        </AppProviders>,
      );
      expect(screen.getByTestId('buyer-payment-record').textContent).toBe(
        language === 'en'
          ? "Buyer's payment record on Bawaba: 3 of 4 milestone payments made on time."
          : 'سجل دفع المشتري على بوابة: ٣ من ٤ دفعات مراحل في موعدها.',
      );
      cleanup();
    }
  });

  it('says when nothing was due yet, and shows nothing to the owner or without a record', async () => {
    await i18n.loadAndActivate({ locale: 'en', messages: {} });
    useSessionStore.setState({ language: 'en' });
    render(
      <AppProviders>
        <PaymentRecord
          tender={{ isOwner: false, buyerPaymentRecord: { milestonesDue: 0, paidOnTime: 0, share: null } }}
        />
      </AppProviders>,
    );
    expect(screen.getByTestId('buyer-payment-record').textContent).toContain('no milestone payment due yet');
    cleanup();
    render(
      <AppProviders>
        <PaymentRecord
          tender={{ isOwner: true, buyerPaymentRecord: { milestonesDue: 4, paidOnTime: 3, share: 0.75 } }}
        />
      </AppProviders>,
    );
    expect(screen.queryByTestId('buyer-payment-record')).toBeNull();
    cleanup();
    render(
      <AppProviders>
        <PaymentRecord tender={{ isOwner: false }} />
      </AppProviders>,
    );
    expect(screen.queryByTestId('buyer-payment-record')).toBeNull();
  });
});
