import { AppProviders, i18n, MemoryRouter, useLocation, useSessionStore } from '@bawaba/shared';
import type { PagedOf, ServiceRequest } from '@bawaba/shared/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api.ts';
import { ReceivedRequestsPage } from './RequestsPage.tsx';

vi.mock('../api.ts', () => ({
  api: {
    receivedRequests: vi.fn(
      async (): Promise<PagedOf<ServiceRequest>> => ({ items: [], pageCount: 1, totalItems: 0 }),
    ),
  },
}));

const request: ServiceRequest = {
  id: 5,
  name: 'Yousef Qadri',
  email: null,
  phone: null,
  project_title: 'Warehouse fit-out',
  description: 'نحتاج إلى تجهيز مستودع',
  services: [],
  company: { id: 2, name: 'الدوحة للأعمال', nameLang: 'ar' },
  requester: { id: 3, name: 'Yousef Qadri' },
  status: 'pending',
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
};

const where = { search: '' };
function Where() {
  where.search = useLocation().search;
  return null;
}

const show = (path: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <ReceivedRequestsPage />
        <Where />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  useSessionStore.setState({ token: 't', user: { id: 1, name: 'Admin', isAdmin: true }, language: 'en' });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('a received request', () => {
  it('names the company in the language the API says its name is in', async () => {
    vi.mocked(api.receivedRequests).mockResolvedValue({ items: [request], pageCount: 1, totalItems: 1 });
    show('/account/requests');
    const company = await screen.findByTestId('request-company');
    expect(company.textContent).toBe('الدوحة للأعمال');
    expect([company.getAttribute('lang'), company.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect(company.parentElement?.textContent).toBe('From Yousef Qadri to الدوحة للأعمال');
  });
});

describe('received requests search', () => {
  it('starts from the URL’s search and asks the server for it', async () => {
    vi.mocked(api.receivedRequests).mockResolvedValue({ items: [request], pageCount: 1, totalItems: 1 });
    show('/account/requests?q=%D9%85%D8%B3%D8%AA%D9%88%D8%AF%D8%B9');
    expect(await screen.findByText('Warehouse fit-out')).toBeTruthy();
    expect((screen.getByTestId('request-search') as HTMLInputElement).value).toBe('مستودع');
    expect(vi.mocked(api.receivedRequests).mock.calls).toEqual([[1, 5, 'مستودع']]);
  });

  it('asks the server once typing pauses, keeps the words in the URL and says when nothing matches', async () => {
    vi.mocked(api.receivedRequests).mockResolvedValue({ items: [], pageCount: 1, totalItems: 0 });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show('/account/requests');
    await screen.findByText('No requests are waiting for approval');
    const box = screen.getByTestId('request-search');
    fireEvent.change(box, { target: { value: 'Y' } });
    fireEvent.change(box, { target: { value: 'Yousef ' } });
    // Not while typing.
    expect(vi.mocked(api.receivedRequests).mock.calls).toEqual([[1, 5, '']]);
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(await screen.findByText('No requests match this search')).toBeTruthy();
    expect(vi.mocked(api.receivedRequests).mock.calls).toEqual([
      [1, 5, ''],
      [1, 5, 'Yousef'],
    ]);
    expect(where.search).toBe('?q=Yousef');
    fireEvent.change(box, { target: { value: '' } });
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(await screen.findByText('No requests are waiting for approval')).toBeTruthy();
    expect(where.search).toBe('');
  });
});
