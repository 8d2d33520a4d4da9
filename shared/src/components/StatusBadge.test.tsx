import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sharedCatalogs } from '../catalogs.ts';
import { activateLanguage, i18n, registerCatalogs } from '../i18n/index.ts';
import { AppProviders } from '../ui/AppProviders.tsx';
import {
  ApprovalBadge,
  PAYMENT_TERM_LABELS,
  PaymentBadge,
  STATUS_LABELS,
  StatusBadge,
  TenderStatusMarker,
} from './StatusBadge.tsx';

beforeAll(async () => {
  await registerCatalogs('shared', sharedCatalogs);
  await activateLanguage('en');
});
afterEach(async () => {
  cleanup();
  await activateLanguage('en');
});

const show = (ui: React.ReactNode) => render(<AppProviders>{ui}</AppProviders>);

describe('status badges', () => {
  it('label a proposal’s payment state, with the hooks tests and pages use', () => {
    show(<PaymentBadge status="unpaid" />);
    const badge = screen.getByTestId('payment-status');
    expect(badge.textContent).toBe('Unpaid');
    expect(badge.getAttribute('data-payment')).toBe('unpaid');
    expect(badge.getAttribute('data-status')).toBe('unpaid');
  });

  it('label a tender’s approval state', () => {
    show(<ApprovalBadge status="pending" />);
    expect(screen.getByTestId('approval-badge').textContent).toBe('Pending');
    expect(screen.getByTestId('approval-badge').getAttribute('data-approval')).toBe('pending');
  });

  it('show every status in Arabic', async () => {
    await activateLanguage('ar');
    show(
      <>
        <PaymentBadge status="not_required" />
        <ApprovalBadge status="approved" />
        <StatusBadge status="expired" testId="ad-status" />
      </>,
    );
    expect(screen.getByTestId('payment-status').textContent).toBe('لا يلزم الدفع');
    expect(screen.getByTestId('approval-badge').textContent).toBe('موافق عليه');
    expect(screen.getByTestId('ad-status').textContent).toBe('منتهي');
    for (const { label } of Object.values(STATUS_LABELS)) expect(i18n._(label)).toMatch(/[\u0600-\u06FF]/);
  });

  it('show an unknown status as it is', () => {
    show(<StatusBadge status="archived" testId="other" />);
    expect(screen.getByTestId('other').textContent).toBe('archived');
  });

  it('draw a tender’s state as a coloured dot and a word', async () => {
    show(<TenderStatusMarker status="closed" />);
    expect(screen.getByTestId('tender-status').getAttribute('data-status')).toBe('closed');
    expect(screen.getByTestId('tender-status').textContent).toBe('Closed');
    expect(screen.getByTestId('status-marker').getAttribute('aria-hidden')).toBe('true');
    cleanup();
    await activateLanguage('ar');
    show(<TenderStatusMarker status="open" />);
    expect(screen.getByTestId('tender-status').textContent).toBe('مفتوحة');
  });
});

describe('payment-terms labels', () => {
  it('name every value in English and Arabic', async () => {
    expect(Object.values(PAYMENT_TERM_LABELS).map((label) => i18n._(label))).toEqual([
      'Net 30 Days',
      'Net 60 Days',
      '50% Advance, 50% Completion',
      'Custom Terms',
    ]);
    await activateLanguage('ar');
    expect(i18n._(PAYMENT_TERM_LABELS['30_days'])).toBe('صافي 30 يومًا');
    expect(i18n._(PAYMENT_TERM_LABELS.advance)).toBe('50% مقدمًا، 50% عند الإنجاز');
  });
});
