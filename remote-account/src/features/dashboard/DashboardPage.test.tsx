import {
  AppProviders,
  activateLanguage,
  HTTPError,
  type HttpEvent,
  intlLocale,
  MemoryRouter,
  onHttpEvent,
  useSessionStore,
} from '@bawaba/shared';
import type { Dashboard } from '@bawaba/shared/contracts';
import { TENDER_STAGES } from '@bawaba/shared/rules';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api.ts';
import { loadDashboardPage } from './load.ts';

const stages = (counts: Partial<Record<string, number>>) =>
  TENDER_STAGES.map((stage) => ({ stage, tenders: counts[stage] ?? 0 }));

const marketplace: Dashboard = {
  scope: 'marketplace',
  tendersByStage: [
    { month: '2026-10-01', stages: stages({ awarded: 2 }) },
    { month: '2026-11-01', stages: stages({ draft: 1, published: 1234 }) },
  ],
  proposalsPerTender: {
    tenders: 4,
    proposals: 6,
    median: 1.5,
    buckets: [
      { min: 0, max: 0, tenders: 1 },
      { min: 1, max: 1, tenders: 1 },
      { min: 3, max: 5, tenders: 2 },
      { min: 11, max: null, tenders: 0 },
    ],
  },
  publishToAward: { awarded: 2, medianDays: 25, buckets: [{ min: 7, max: 13, tenders: 2 }] },
  topCategoriesByTenders: [{ id: 1, name: 'Building', count: 2 }],
  topCategoriesByFollowers: [{ id: 2, name: 'Design', count: 3 }],
  newCompaniesPerWeek: [
    { week: '2026-11-16', companies: 0 },
    { week: '2026-11-23', companies: 5 },
  ],
};
const company: Dashboard = {
  ...marketplace,
  scope: 'company',
  topCategoriesByFollowers: null,
  newCompaniesPerWeek: null,
};
let answer: Dashboard | HTTPError = marketplace;
vi.mock('../../api.ts', () => ({
  api: {
    dashboard: vi.fn(async () => {
      if (answer instanceof HTTPError) throw answer;
      return answer;
    }),
  },
}));

afterEach(async () => {
  cleanup();
  await activateLanguage('en');
  useSessionStore.getState().setLanguage('en');
});

/** `ready`: the test id to wait for, or null when the caller waits for something else itself. */
async function renderIn(
  language: 'en' | 'ar',
  data: Dashboard | HTTPError,
  ready: string | null = 'dashboard-scope',
) {
  answer = data;
  useSessionStore.getState().setLanguage(language);
  await activateLanguage(language);
  const { default: DashboardPage } = await loadDashboardPage();
  render(
    <AppProviders>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </AppProviders>,
  );
  if (ready) await screen.findByTestId(ready);
}

/** A table's rows as the reader reads them: the row header, then each value. */
const tableOf = (id: string) =>
  [...screen.getByTestId(`dashboard-${id}-table`).querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

describe('the dashboard page', () => {
  it('shows an admin every measure, each table with a caption and exactly the numbers the API answered', async () => {
    await renderIn('en', marketplace);
    expect(api.dashboard).toHaveBeenCalled();
    expect(screen.getByTestId('dashboard-scope').textContent).toBe('The whole marketplace.');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Tenders by stage over time',
      'Proposals per tender',
      'Time from publication to award',
      'Top categories by tenders',
      'Top categories by followers',
      'New companies per week',
    ]);
    expect(tableOf('stages')).toEqual([
      ['Oct 2026', '0', '0', '0', '0', '0', '0', '2', '0', '0'],
      ['Nov 2026', '1', '0', '0', '1,234', '0', '0', '0', '0', '0'],
    ]);
    expect(tableOf('proposals')).toEqual([
      ['0', '1'],
      ['1', '1'],
      ['3–5', '2'],
      ['11+', '0'],
    ]);
    expect(tableOf('award')).toEqual([['7–13', '2']]);
    expect(tableOf('categories-tenders')).toEqual([['Building', '2']]);
    expect(tableOf('categories-followers')).toEqual([['Design', '3']]);
    expect(tableOf('companies')).toEqual([
      ['Nov 16', '0'],
      ['Nov 23', '5'],
    ]);
    const stageTable = within(screen.getByTestId('dashboard-stages-table'));
    expect(stageTable.getByText(/^Tenders by stage over time:/).tagName).toBe('CAPTION');
    expect(
      [...screen.getByTestId('dashboard-stages-table').querySelectorAll('thead th')].map(
        (h) => h.textContent,
      ),
    ).toEqual([
      'Month',
      'Draft',
      'Pending approval',
      'Rejected',
      'Accepting proposals',
      'Bids opened',
      'Award decided (standstill)',
      'Awarded',
      'Closed without award',
      'Cancelled',
    ]);
    expect(screen.getByTestId('dashboard-medians').textContent).toContain('Median proposals per tender: 1.5');
  });

  it('leaves out the marketplace-wide measures for a company’s buyer', async () => {
    await renderIn('en', company);
    expect(screen.getByTestId('dashboard-scope').textContent).toBe("Your company's tenders.");
    expect(screen.queryByTestId('dashboard-categories-followers')).toBeNull();
    expect(screen.queryByTestId('dashboard-companies')).toBeNull();
    expect(screen.getByTestId('dashboard-stages')).toBeTruthy();
  });

  it('shows the API’s translated refusal, not a failure to retry, to a member without the buyer or administrator role', async () => {
    const error = new HTTPError(
      new Response(null, { status: 409 }),
      new Request('http://localhost/api/v1/dashboard'),
      {} as never,
    );
    error.data = {
      statusCode: 409,
      code: 'COMPANY_ROLE_REQUIRED',
      message: 'يتطلب هذا الإجراء دورًا في الشركة',
    };
    await renderIn('ar', error, 'dashboard-refused');
    expect(screen.getByTestId('dashboard-refused').textContent).toBe('يتطلب هذا الإجراء دورًا في الشركة');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hands a session that has ended (401) to the shell, which signs out, and offers to try again', async () => {
    const error = new HTTPError(
      new Response(null, { status: 401 }),
      new Request('http://localhost/api/v1/dashboard'),
      {} as never,
    );
    error.data = { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in again' };
    const told: HttpEvent[] = [];
    const stop = onHttpEvent((e) => {
      if (e.type === 'error') told.push(e);
    });
    await renderIn('en', error, null);
    expect((await screen.findByRole('alert')).textContent).toContain('This list could not be loaded.');
    stop();
    expect(told).toEqual([expect.objectContaining({ status: 401, code: 'UNAUTHORIZED', silent: false })]);
    expect(screen.queryByTestId('dashboard-refused')).toBeNull();
  });

  it('renders in Arabic: texts, month names and digits in the reader’s language', async () => {
    await renderIn('ar', marketplace);
    const locale = intlLocale('ar');
    const number = (n: number) => new Intl.NumberFormat(locale).format(n);
    expect(screen.getByTestId('dashboard-scope').textContent).toBe('السوق بأكمله.');
    expect(screen.getAllByRole('heading', { level: 2 })[0]!.textContent).toBe(
      'المناقصات حسب المرحلة عبر الزمن',
    );
    const november = new Intl.DateTimeFormat(locale, {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date('2026-11-01T00:00:00Z'));
    expect(tableOf('stages')[1]).toEqual([
      november,
      number(1),
      number(0),
      number(0),
      number(1234),
      '٠',
      '٠',
      '٠',
      '٠',
      '٠',
    ]);
    expect(number(1234)).toBe('١٬٢٣٤');
    expect(tableOf('proposals')[2]).toEqual([`${number(3)}–${number(5)}`, number(2)]);
    expect(screen.getByTestId('dashboard-stages-table').querySelectorAll('thead th')[1]!.textContent).toBe(
      'مسودة',
    );
  });
});
