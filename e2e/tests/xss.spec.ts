/**
 * Stored XSS: a corpus of known payloads stored through the API in every field a user controls
 * that the site shows — company names and descriptions (HTML), tender and proposal texts, service requests,
 * notifications (built from those texts), ads — and put in query strings. Every page that shows them, in
 * English and Arabic, signed in as the role that sees them: nothing runs (alert/confirm/prompt hooked,
 * dialogs caught, zero CSP violations) and plain text shows verbatim as text.
 */

import { apiUpload, FIXTURE_PNG } from '../support/fixtures.ts';
import { apiCall, apiLogin, DEMO, registerUser, signInAs, useSession } from '../support/session.ts';
import { expect, type Page, test } from '../support/test.ts';
import {
  activeContentIn,
  apiRefuses,
  frameOf,
  HTML_MARKER,
  HTML_PAYLOAD,
  QUERY_PAYLOADS,
  TEXT_PAYLOAD,
  watchPage,
} from '../support/xss.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
const tag = `xss${Date.now().toString(36)}`;
/** The literal that shows only if the payload is rendered as text. */
const LITERAL = `<script>alert('xss-t1')</script>`;

interface Fixtures {
  owner: { email: string; password: string };
  bidder: { email: string; password: string };
  company: { id: number; name: string };
  tender: { id: number; title: string };
  proposalTitle: string;
  proposalId: number;
  requestTitle: string;
  pendingRequestTitle: string;
  adId: number;
  adTitle: string;
}
let fx: Fixtures;

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async () => {
  const admin = await apiLogin(DEMO.admin);
  const services = await apiCall<{ id: number }[]>(null, 'GET', '/services');
  const service = services[0]!.id;

  const owner = await registerUser(`${tag} owner ${TEXT_PAYLOAD}`.slice(0, 120));
  const company = await apiCall<{ id: number; name: string }>(owner.accessToken, 'PUT', '/companies/mine', {
    name: `${tag} Co ${TEXT_PAYLOAD}`.slice(0, 200),
    description: HTML_PAYLOAD,
    serviceIds: [service],
    website_url: 'https://example.qa/site',
  });
  await apiCall(admin.accessToken, 'POST', `/admin/companies/${company.id}/approve`);

  const tender = await apiCall<{ id: number; title: string }>(owner.accessToken, 'POST', '/tenders', {
    title: `${tag} T ${TEXT_PAYLOAD}`.slice(0, 200),
    description: `${TEXT_PAYLOAD}\n${HTML_PAYLOAD}`,
    status: 'open',
    serviceIds: [service],
    start_date: day(20),
    end_date: day(60),
    deadline: day(10),
  });
  await apiCall(owner.accessToken, 'POST', `/tenders/${tender.id}/publish`);
  await apiCall(admin.accessToken, 'POST', `/admin/tenders/${tender.id}/approve`);

  const bidder = await registerUser(`${tag} bidder ${TEXT_PAYLOAD}`.slice(0, 120));
  const requestTitle = `${tag} P ${TEXT_PAYLOAD}`.slice(0, 200);
  const proposalTitle = `${tag} Pr ${TEXT_PAYLOAD}`.slice(0, 200);
  const request = await apiCall<{ id: number }>(bidder.accessToken, 'POST', '/requests', {
    name: `${tag} R ${TEXT_PAYLOAD}`.slice(0, 120),
    email: bidder.email,
    phone: '55512345',
    services: [service],
    project_title: requestTitle,
    description: `${TEXT_PAYLOAD} ${TEXT_PAYLOAD}`.slice(0, 500),
    company: company.id,
  });
  await apiCall(admin.accessToken, 'POST', `/requests/${request.id}/approve`);
  // A second one stays pending: the admin's list shows pending requests.
  const pendingRequestTitle = `${tag} Q ${TEXT_PAYLOAD}`.slice(0, 200);
  await apiCall(bidder.accessToken, 'POST', '/requests', {
    name: `${tag} S ${TEXT_PAYLOAD}`.slice(0, 120),
    email: bidder.email,
    phone: '55512346',
    services: [service],
    project_title: pendingRequestTitle,
    description: TEXT_PAYLOAD,
    company: company.id,
  });

  const attachment = await apiUpload(bidder.accessToken, 'proposal-attachment', FIXTURE_PNG);
  const submitted = await apiCall<{ proposal: { id: number } }>(bidder.accessToken, 'POST', '/proposals', {
    tender: tender.id,
    attachment: attachment.id,
    offer_price: 50000,
    title: proposalTitle,
    description: `${TEXT_PAYLOAD}\n${HTML_PAYLOAD}`.slice(0, 2000),
    period: 30,
    milestones: [
      {
        title: `${tag} M ${TEXT_PAYLOAD}`,
        description: HTML_PAYLOAD,
        amount: 10000,
        period: 10,
        documents: [],
        start_date: day(21),
        end_date: day(30),
        expected_completion_date: day(30),
      },
    ],
    breakdown: [
      {
        name: `${tag} B ${TEXT_PAYLOAD}`.slice(0, 200),
        description: TEXT_PAYLOAD,
        quantity: 1,
        unitPrice: 5,
      },
    ],
  });

  const image = await apiUpload(admin.accessToken, 'ad', FIXTURE_PNG);
  const ad = await apiCall<{ id: number; title: string }>(admin.accessToken, 'POST', '/admin/ads', {
    title: `${tag} Ad ${TEXT_PAYLOAD}`.slice(0, 200),
    imageFileId: image.id,
    linkUrl: 'https://example.qa/ad',
    active: true,
  });

  fx = {
    owner,
    bidder,
    company,
    tender,
    proposalTitle,
    proposalId: submitted.proposal.id,
    requestTitle,
    pendingRequestTitle,
    adId: ad.id,
    adTitle: ad.title,
  };
});

test.afterAll(async () => {
  if (!fx) return;
  const admin = await apiLogin(DEMO.admin);
  await apiCall(admin.accessToken, 'DELETE', `/admin/ads/${fx.adId}`).catch(() => undefined);
});

/** Opens each path, waits for what shows it rendered and for each expected text, then checks nothing ran. */
async function visit(
  page: Page,
  language: 'en' | 'ar',
  stops: { path: string; ready: (page: Page) => ReturnType<Page['locator']>; texts?: string[] }[],
) {
  const watch = await watchPage(page);
  await useSession(page, null, language);
  for (const stop of stops) {
    await page.goto(stop.path);
    await expect(stop.ready(page), stop.path).toBeVisible({ timeout: 30_000 });
    for (const text of stop.texts ?? []) {
      // Verbatim, as text (a rendered payload would not show its own markup).
      await expect(page.getByText(text, { exact: false }).first(), `${stop.path}: ${text}`).toBeVisible({
        timeout: 30_000,
      });
    }
    await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 30_000 });
    await watch.expectClean(`${language} ${stop.path}`);
  }
  return watch;
}

const remote = (name: string) => (page: Page) => frameOf(page, name);
const hostPage = (id: string) => (page: Page) => page.getByTestId(`host-page-${id}`);
/** The first characters of a stored value: enough to be unique, short enough to survive truncation. */
const head = (value: string) => value.slice(0, 24);

test('the watch itself sees a payload that runs and anything the policy refuses', async ({ page }) => {
  const watch = await watchPage(page);
  await page.goto('/home');
  await expect(hostPage('home')(page)).toBeVisible({ timeout: 30_000 });
  await watch.expectClean('home');
  await page.evaluate(() => {
    window.alert('probe');
    const script = document.createElement('script');
    script.textContent = "window.alert('inline')";
    document.body.append(script);
    const img = document.createElement('img');
    img.src = 'https://evil.example/pixel.png';
    document.body.append(img);
  });
  await expect.poll(async () => (await watch.problems()).length).toBeGreaterThanOrEqual(3);
  const problems = (await watch.problems()).join('\n');
  expect(problems).toContain('XSS ran: alert(probe)');
  expect(problems).toContain('CSP script-src-elem blocked inline');
  expect(problems).toContain('CSP img-src blocked https://evil.example/pixel.png');
  expect(problems).not.toContain('alert(inline)');
});

test('the API refuses links that would run code (javascript:, data:)', async () => {
  const owner = await apiLogin(fx.owner.email, fx.owner.password);
  for (const url of ["javascript:alert('xss')", 'data:text/html,<script>alert(1)</script>']) {
    const status = await apiRefuses(owner.accessToken, 'PUT', '/companies/mine', {
      name: fx.company.name,
      serviceIds: [1],
      website_url: url,
    });
    expect(status, url).toBe(422);
  }
  // The stored description kept its text and lost everything active (server-side sanitizer).
  const stored = await apiCall<{ description: string }>(
    owner.accessToken,
    'GET',
    `/companies/${fx.company.id}`,
  );
  expect(stored.description).toContain(HTML_MARKER);
  expect(stored.description).not.toMatch(
    /<(script|iframe|svg|math|object|embed|img|style|base|meta)\b|\son\w+=|\sstyle=|\s(href|src)=(?!["']?(https?:|mailto:|tel:))/i,
  );
});

for (const language of ['en', 'ar'] as const) {
  test.describe(`stored payloads never run (${language})`, () => {
    test('query strings: directory search, tender filters, set-password and payment callback', async ({
      page,
    }) => {
      const stops = QUERY_PAYLOADS.flatMap((payload) => {
        const q = encodeURIComponent(payload);
        return [
          {
            path: `/service?inputValue=${q}&location=${q}&services=${q}&page=${q}`,
            ready: remote('directory'),
          },
          {
            path: `/tender?number=${q}&title=${q}&status=${q}&minBudget=${q}&startDateFrom=${q}&page=${q}`,
            ready: remote('tenders'),
          },
          { path: `/set-password?verificationToken=${q}`, ready: hostPage('set-password') },
          { path: `/callback?status=${q}&reference=${q}`, ready: hostPage('callback') },
        ];
      });
      await visit(page, language, stops);
      // The search box shows the query as typed (text, not markup).
      await page.goto(`/service?inputValue=${encodeURIComponent(QUERY_PAYLOADS[0]!)}`);
      await expect(
        page.locator(`input[value="${QUERY_PAYLOADS[0]!.replace(/"/g, '\\"')}"]`).first(),
      ).toBeAttached();
    });

    test('signed out: tender list and tender page', async ({ page }) => {
      await visit(page, language, [
        { path: `/tender?title=${tag}`, ready: remote('tenders'), texts: [head(fx.tender.title)] },
        {
          path: `/tender-profile/${fx.tender.id}`,
          ready: remote('tenders'),
          texts: [head(fx.tender.title), LITERAL],
        },
        { path: '/service', ready: remote('directory'), texts: [head(fx.adTitle)] },
      ]);
    });

    test('the requester (bidder): directory, company page, requests, proposal, notifications', async ({
      page,
    }) => {
      await signInAs(page, fx.bidder.email, fx.bidder.password);
      const watch = await visit(page, language, [
        { path: `/service?inputValue=${tag}`, ready: remote('directory'), texts: [head(fx.company.name)] },
        {
          path: `/companies/${fx.company.id}`,
          ready: remote('directory'),
          texts: [head(fx.company.name), HTML_MARKER],
        },
        { path: `/request-service/${fx.company.id}`, ready: remote('directory') },
        { path: '/account/sent-requests', ready: remote('account'), texts: [head(fx.requestTitle)] },
        { path: `/tender-profile/${fx.tender.id}`, ready: remote('tenders'), texts: [head(fx.tender.title)] },
        { path: '/account/submitted-proposals', ready: remote('account'), texts: [head(fx.tender.title)] },
        {
          path: `/resubmit-proposal/${fx.proposalId}`,
          ready: remote('tenders'),
          texts: [head(fx.tender.title)],
        },
        { path: '/notifications', ready: hostPage('notifications'), texts: [tag] },
      ]);
      // The resubmit form shows the stored proposal title as the field's value.
      await page.goto(`/resubmit-proposal/${fx.proposalId}`);
      await expect
        .poll(
          () =>
            page
              .locator('input, textarea')
              .evaluateAll(
                (els, title) => els.some((e) => (e as HTMLInputElement).value === title),
                fx.proposalTitle,
              ),
          { timeout: 30_000 },
        )
        .toBe(true);
      // The rich description is rendered as HTML, with nothing active left in it.
      await page.goto(`/companies/${fx.company.id}`);
      const rich = page.locator('.bawaba-rich-text');
      await expect(rich.getByText(HTML_MARKER)).toBeVisible({ timeout: 30_000 });
      expect(await activeContentIn(rich)).toEqual([]);
      // The bell's dropdown shows the same notifications.
      await page.getByTestId('notification-bell').click();
      await expect(page.getByTestId('notification-dropdown').getByText(tag).first()).toBeVisible();
      await watch.expectClean(`${language} bell dropdown`);
    });

    test('the company owner: own company, received requests, tenders, notifications', async ({ page }) => {
      await signInAs(page, fx.owner.email, fx.owner.password);
      await visit(page, language, [
        {
          path: `/company-profile/${fx.company.id}`,
          ready: remote('directory'),
          texts: [head(fx.company.name), HTML_MARKER],
        },
        { path: '/account', ready: remote('account'), texts: [head(fx.company.name)] },
        { path: '/account/requests', ready: remote('account'), texts: [head(fx.requestTitle)] },
        { path: '/account/tender-management', ready: remote('account'), texts: [head(fx.tender.title)] },
        { path: `/tender-profile/${fx.tender.id}`, ready: remote('tenders'), texts: [head(fx.tender.title)] },
        { path: '/notifications', ready: hostPage('notifications'), texts: [tag] },
      ]);
    });

    test('the admin: companies, requests, ads, notifications, the ad in the directory', async ({ page }) => {
      await signInAs(page, DEMO.admin);
      await visit(page, language, [
        { path: '/account/company-list', ready: remote('account') },
        { path: '/account/requests', ready: remote('account'), texts: [head(fx.pendingRequestTitle)] },
        { path: '/account/manage-ads', ready: remote('account'), texts: [head(fx.adTitle)] },
        { path: '/service', ready: remote('directory'), texts: [head(fx.adTitle)] },
        { path: '/notifications', ready: hostPage('notifications'), texts: [tag] },
      ]);
    });
  });
}
