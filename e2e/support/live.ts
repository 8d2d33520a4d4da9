import type { Browser, Page } from '@playwright/test';
import type { TenderRow } from './fixtures.ts';
import { type AuthResult, apiCall, apiLogin, DEMO, type Lang, useSession } from './session.ts';

const DAY = 86_400_000;

/** A live notification's toast on `page` whose text has `title`. */
export const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

/** A public tender of `owner` (created, published and approved through the API). */
export async function publicTender(
  owner: AuthResult,
  title: string,
  deadline: Date,
  extra: TenderExtras = {},
): Promise<TenderRow> {
  const tender = await draftTender(owner, title, deadline, extra);
  await apiCall(owner.accessToken, 'POST', `/tenders/${tender.id}/publish`);
  const admin = await apiLogin(DEMO.admin);
  await apiCall(admin.accessToken, 'POST', `/admin/tenders/${tender.id}/approve`);
  return tender;
}

/** What a test may set on a tender it creates besides its title and deadline. */
interface TenderExtras {
  status?: 'open' | 'closed';
  serviceIds?: number[];
  standstillDays?: number;
  /** The evaluation method (shared/src/contracts/evaluation.ts); the API's lowest price when not sent. */
  evaluation?: Record<string, unknown>;
  /** Credential kinds a bidder's company must hold to bid (shared/src/contracts/credentials.ts). */
  requiredCredentials?: string[];
}

/** A draft tender of `owner` (created through the API; publish it to send it for approval). */
export function draftTender(
  owner: AuthResult,
  title: string,
  deadline: Date,
  { status = 'open', serviceIds = [1], standstillDays, evaluation, requiredCredentials }: TenderExtras = {},
): Promise<TenderRow> {
  return apiCall<TenderRow>(owner.accessToken, 'POST', '/tenders', {
    title,
    description: 'Fit-out of the Lusail office',
    status,
    bond: 0,
    participationFee: 0,
    serviceIds,
    start_date: new Date(Date.now() + 40 * DAY).toISOString(),
    end_date: new Date(Date.now() + 90 * DAY).toISOString(),
    deadline: deadline.toISOString(),
    // Working days between an award decision and the award becoming final (the API's default when not sent).
    ...(standstillDays === undefined ? {} : { standstillDays }),
    ...(evaluation === undefined ? {} : { evaluation }),
    ...(requiredCredentials === undefined ? {} : { requiredCredentials }),
  });
}

/** A page of its own (own storage) signed in as `auth` (null = a visitor), in `lang`. */
export async function pageAs(browser: Browser, auth: AuthResult | null, lang: Lang): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await useSession(page, auth, lang);
  return page;
}

/** Opens `path` and waits until the live notification stream is connected. */
export async function openLive(page: Page, path: string) {
  const connected = page.waitForResponse(
    (r) => r.url().includes('/api/v1/notification/subscribe') && r.status() === 200,
    { timeout: 15_000 },
  );
  await page.goto(path);
  await connected;
}
