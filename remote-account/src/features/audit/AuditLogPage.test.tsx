import { AppProviders, i18n, MemoryRouter } from '@bawaba/shared';
import type { AdminAction } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api.ts';
import AuditLogPage from './AuditLogPage.tsx';

const row = (id: number, action: string, reason: string | null): AdminAction => ({
  id,
  at: '2026-03-01T09:30:00.000Z',
  actor: { id: 1, name: 'Bawaba Admin' },
  action,
  target: { type: 'user', id: 7, label: 'هدى <huda@example.qa>' },
  reason,
  details: {},
});

vi.mock('../../api.ts', () => ({
  api: {
    audit: vi.fn(async () => ({
      items: [row(2, 'user.suspend', 'Spam'), row(1, 'catalog.retired-code', null)],
      totalItems: 2,
      pageCount: 1,
    })),
    downloadAudit: vi.fn(async () => undefined),
  },
}));

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <AuditLogPage />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('audit log (admin)', () => {
  it('names each action in words (a code it does not know as the code), with the record and the reason', async () => {
    show();
    const rows = await screen.findAllByTestId('audit-row', {}, { timeout: 5000 });
    expect(rows[0]!.textContent).toContain('Suspended a user');
    expect(rows[0]!.textContent).toContain('هدى <huda@example.qa>');
    expect(rows[0]!.textContent).toContain('Spam');
    expect(rows[1]!.textContent).toContain('catalog.retired-code');
  });

  it('asks the server for the chosen filters, and exports what they select', async () => {
    show();
    await screen.findAllByTestId('audit-row', {}, { timeout: 5000 });
    fireEvent.change(screen.getByTestId('audit-action'), { target: { value: 'user.suspend' } });
    fireEvent.change(screen.getByTestId('audit-from'), { target: { value: '2026-03-01' } });
    await waitFor(() =>
      expect(api.audit).toHaveBeenLastCalledWith(
        expect.objectContaining({ action: 'user.suspend', from: '2026-03-01', page: 1 }),
      ),
    );
    fireEvent.click(screen.getByTestId('audit-export'));
    await waitFor(() =>
      expect(api.downloadAudit).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'user.suspend', from: '2026-03-01', targetType: undefined }),
      ),
    );
  });
});
