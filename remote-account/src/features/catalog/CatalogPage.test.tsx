import { AppProviders, HTTPError, i18n, MemoryRouter, usePopupStore } from '@bawaba/shared';
import type { AdminCatalog, AdminService } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api.ts';
import CatalogPage from './CatalogPage.tsx';

const service = (
  id: number,
  nameEn: string,
  nameAr: string,
  extra: Partial<AdminService> = {},
): AdminService => ({
  id,
  slug: nameEn.toLowerCase(),
  nameEn,
  nameAr,
  position: 0,
  retired: false,
  version: 3,
  categoryId: 1,
  uses: { companies: 2, tenders: 1, follows: 4 },
  ...extra,
});

const CATALOG: AdminCatalog = {
  categories: [
    {
      id: 1,
      slug: 'construction',
      nameEn: 'Construction',
      nameAr: 'البناء',
      position: 0,
      retired: false,
      version: 1,
      uses: { follows: 0 },
      services: [
        service(11, 'Fit-out', 'التشطيب'),
        service(12, 'Roads', 'الطرق'),
        service(13, 'Old works', 'أعمال قديمة', { retired: true }),
      ],
    },
  ],
  locations: [
    {
      id: 5,
      nameEn: 'Doha',
      nameAr: 'الدوحة',
      position: 0,
      retired: false,
      version: 1,
      uses: { companies: 3 },
    },
  ],
};

vi.mock('../../api.ts', () => ({
  api: {
    adminCatalog: vi.fn(async () => CATALOG),
    updateCatalogEntry: vi.fn(async () => ({})),
    createCatalogEntry: vi.fn(async () => ({})),
    createService: vi.fn(async () => ({})),
    mergeService: vi.fn(async () => ({})),
  },
}));

function refused(code: string, message: string): HTTPError {
  const error = new HTTPError(
    new Response(null, { status: 409 }),
    new Request('http://localhost/api/v1/admin/catalog/services/11', { method: 'PATCH' }),
    {} as never,
  );
  error.data = { statusCode: 409, error: 'Conflict', message, code };
  return error;
}

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <CatalogPage />
      </MemoryRouter>
    </AppProviders>,
  );
const entry = async (id: number) =>
  (await screen.findAllByTestId('catalog-entry')).find((e) => e.dataset.entryId === String(id))!;

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  usePopupStore.setState({ queue: [] });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('catalogue page (admin)', () => {
  it('lists each entry with both names in their own direction, marks retired ones, and moves with buttons', async () => {
    show();
    const fitOut = await entry(11);
    expect(within(fitOut).getByText('Fit-out').getAttribute('dir')).toBe('ltr');
    expect(within(fitOut).getByText('التشطيب').getAttribute('dir')).toBe('rtl');
    expect(within(fitOut).getByText('2 companies · 1 tender · 4 follows')).toBeTruthy();
    expect(within(await entry(13)).getByTestId('catalog-retired')).toBeTruthy();
    expect(within(await entry(12)).queryByTestId('catalog-retired')).toBeNull();
    expect((within(fitOut).getByTestId('catalog-move-up') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(fitOut).getByTestId('catalog-move-down'));
    await waitFor(() =>
      expect(api.updateCatalogEntry).toHaveBeenCalledWith('services', 11, { version: 3, position: 2 }),
    );
    // Retired services are not offered to merge into.
    const roads = await entry(12);
    fireEvent.click(within(roads).getByTestId('catalog-merge-open'));
    const options = within(roads).getByTestId('catalog-merge-into').querySelectorAll('option');
    expect([...options].map((o) => o.value)).toEqual(['', '11']);
  });

  it('renames in both languages at the version read', async () => {
    show();
    const roads = await entry(12);
    fireEvent.click(within(roads).getByTestId('catalog-rename-open'));
    fireEvent.change(within(roads).getByTestId('catalog-rename-en'), {
      target: { value: 'Roads and bridges' },
    });
    fireEvent.change(within(roads).getByTestId('catalog-rename-ar'), { target: { value: 'الطرق والجسور' } });
    fireEvent.click(within(roads).getByTestId('catalog-rename-submit'));
    await waitFor(() =>
      expect(api.updateCatalogEntry).toHaveBeenCalledWith('services', 12, {
        version: 3,
        nameEn: 'Roads and bridges',
        nameAr: 'الطرق والجسور',
      }),
    );
    await waitFor(() => expect(api.adminCatalog).toHaveBeenCalledTimes(2));
  });

  it('shows a version conflict as changed by someone else, with a reload', async () => {
    vi.mocked(api.updateCatalogEntry).mockRejectedValueOnce(
      refused('CATALOG_VERSION_CONFLICT', 'Someone else changed this entry'),
    );
    show();
    fireEvent.click(within(await entry(12)).getByTestId('catalog-retire'));
    const alert = await screen.findByTestId('catalog-refusal');
    expect(alert.textContent).toContain('This entry was changed by someone else');
    expect(api.adminCatalog).toHaveBeenCalledTimes(1);
    fireEvent.click(within(alert).getByTestId('catalog-reload'));
    await waitFor(() => expect(api.adminCatalog).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('catalog-refusal')).toBeNull();
  });

  it('shows any other refusal in the server’s words', async () => {
    vi.mocked(api.createService).mockRejectedValueOnce(refused('CATALOG_NAME_TAKEN', 'هذا الاسم مستخدم'));
    show();
    const form = await screen.findByTestId('catalog-new-service');
    fireEvent.change(within(form).getByTestId('catalog-new-service-en'), { target: { value: 'Roads' } });
    fireEvent.change(within(form).getByTestId('catalog-new-service-ar'), { target: { value: 'الطرق' } });
    fireEvent.click(within(form).getByTestId('catalog-new-service-submit'));
    expect((await screen.findByTestId('catalog-refusal')).textContent).toContain('هذا الاسم مستخدم');
    expect(api.createService).toHaveBeenCalledWith({ nameEn: 'Roads', nameAr: 'الطرق', categoryId: 1 });
  });

  it('merges only after a confirmation naming what moves', async () => {
    show();
    const fitOut = await entry(11);
    fireEvent.click(within(fitOut).getByTestId('catalog-merge-open'));
    fireEvent.change(within(fitOut).getByTestId('catalog-merge-into'), { target: { value: '12' } });
    fireEvent.click(within(fitOut).getByTestId('catalog-merge'));
    await waitFor(() =>
      expect(usePopupStore.getState().queue[0]?.title).toBe('Merge “Fit-out” into “Roads”?'),
    );
    const popup = usePopupStore.getState().queue[0]!;
    expect(popup.text).toBe(
      '2 companies, 1 tender and 4 follows move to “Roads”. “Fit-out” is removed and its followers are told.',
    );
    expect(api.mergeService).not.toHaveBeenCalled();
    usePopupStore.getState().close(popup.id, true);
    await waitFor(() => expect(api.mergeService).toHaveBeenCalledWith(11, { version: 3, into: 12 }));
  });
});
