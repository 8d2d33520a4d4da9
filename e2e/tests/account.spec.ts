import { apiUpload, PNG } from '../support/fixtures.ts';
import {
  type AuthResult,
  apiCall,
  apiLogin,
  DEMO,
  type Lang,
  registerUser,
  signInAs,
  useSession,
} from '../support/session.ts';
import { API_URL } from '../support/site.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * The account area in the composed site, in English and Arabic: the menu per role (docs/product-spec.md §2 table,
 * §6), every sub-page, and one real action per page.
 */

const NEW_PASSWORD = 'Fresh-Pass-2026';

const LABELS: Record<string, Record<Lang, string>> = {
  profile: { en: 'My Profile', ar: 'ملفي الشخصي' },
  'company-list': { en: 'Companies list', ar: 'قائمة الشركات' },
  'tender-management': { en: 'Tender management', ar: 'إدارة المناقصات' },
  'sent-requests': { en: 'Sent Requests', ar: 'الطلبات المرسلة' },
  requests: { en: 'Received Requests', ar: 'الطلبات الواردة' },
  security: { en: 'Change Password', ar: 'تغيير كلمة المرور' },
  'submitted-proposals': { en: 'Proposals', ar: 'العروض' },
  'my-interests': { en: 'My interests', ar: 'اهتماماتي' },
  'manage-ads': { en: 'Manage Ads', ar: 'إدارة الإعلانات' },
  'site-settings': { en: 'Site settings', ar: 'إعدادات الموقع' },
  members: { en: 'Company members', ar: 'أعضاء الشركة' },
  users: { en: 'Users', ar: 'المستخدمون' },
  'audit-log': { en: 'Audit log', ar: 'سجل التدقيق' },
  catalogue: { en: 'Catalogue', ar: 'الدليل' },
  dashboard: { en: 'Dashboard', ar: 'لوحة المعلومات' },
  contracts: { en: 'Contracts', ar: 'العقود' },
  credentials: { en: 'Credentials', ar: 'الوثائق' },
  'credential-verification': { en: 'Credentials', ar: 'الوثائق' },
  webhooks: { en: 'Integrations — webhooks', ar: 'التكاملات — إشعارات الويب' },
  logout: { en: 'Logout', ar: 'تسجيل الخروج' },
  contact: { en: 'Contact us', ar: 'اتصل بنا' },
};
const ADMIN_MENU = [
  'company-list',
  'requests',
  'security',
  'manage-ads',
  'site-settings',
  'users',
  'audit-log',
  'catalogue',
  'dashboard',
  'credential-verification',
  'logout',
];
const USER_MENU = [
  'profile',
  'tender-management',
  'sent-requests',
  'requests',
  'security',
  'submitted-proposals',
  'my-interests',
  'contracts',
  'members',
  'logout',
];
/**
 * A buyer or administrator of a company also has its dashboard, an administrator its credentials and webhooks (the
 * demo owner holds every role).
 */
const OWNER_MENU = [...USER_MENU.slice(0, -1), 'dashboard', 'credentials', 'webhooks', 'logout'];
const PATH: Record<string, string> = {
  profile: '/account',
  'company-list': '/account/company-list',
  'tender-management': '/account/tender-management',
  'sent-requests': '/account/sent-requests',
  requests: '/account/requests',
  security: '/account/security',
  'submitted-proposals': '/account/submitted-proposals',
  'my-interests': '/account/my-interests',
  'manage-ads': '/account/manage-ads',
  'site-settings': '/account/site-settings',
  members: '/account/members',
  users: '/account/users',
  'audit-log': '/account/audit-log',
  catalogue: '/account/catalogue',
  dashboard: '/account/dashboard',
  contracts: '/account/contracts',
  credentials: '/account/credentials',
  'credential-verification': '/account/credential-verification',
  webhooks: '/account/webhooks',
};

const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** A new user registered through the API, named after what the test does with it. */
const freshUser = (tag: string) => registerUser(`Test ${tag}`);

/** Replace the page's session (signInAs only seeds the first load of the tab). */
async function switchUser(page: Page, auth: AuthResult) {
  await page.evaluate((a) => {
    localStorage.setItem('token', a.accessToken);
    localStorage.setItem('user', JSON.stringify(a.user));
  }, auth);
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();

/** A published, approved tender of a fresh owner. */
async function approvedTender(status: 'open' | 'closed', extra: Record<string, unknown> = {}) {
  const owner = await freshUser('owner');
  const admin = await apiLogin(DEMO.admin);
  const tender = await apiCall<{ id: number; title: string }>(owner.accessToken, 'POST', '/tenders', {
    title: unique(`${status} tender`),
    status,
    start_date: day(20),
    end_date: day(60),
    deadline: day(10),
    ...extra,
  });
  await apiCall(owner.accessToken, 'POST', `/tenders/${tender.id}/publish`);
  await apiCall(admin.accessToken, 'POST', `/admin/tenders/${tender.id}/approve`);
  return { owner, tender };
}

const menu = (page: Page) => page.getByTestId('account-menu');

async function expectMenu(page: Page, lang: Lang, items: string[]) {
  const entries = menu(page).locator('[data-testid^="account-menu-"]');
  await expect(entries).toHaveCount(items.length);
  for (const [index, item] of items.entries()) {
    await expect(entries.nth(index)).toHaveAttribute('data-testid', `account-menu-${item}`);
    await expect(entries.nth(index)).toHaveText(LABELS[item]![lang]);
  }
}

/** Every menu item opens its page (the logout item is tested on its own). */
async function walkMenu(page: Page, items: string[]) {
  for (const item of items.filter((i) => i !== 'logout')) {
    await menu(page).getByTestId(`account-menu-${item}`).click();
    await expect(page).toHaveURL(new RegExp(`${PATH[item]}$`));
    await expect(page.getByTestId(`account-page-${item}`)).toBeVisible();
    await expect(page.getByTestId('account-loading')).toHaveCount(0);
  }
}

async function firstServiceId(): Promise<number> {
  const services = await apiCall<{ id: number }[]>(null, 'GET', '/services');
  return services[0]!.id;
}

for (const lang of ['en', 'ar'] as const) {
  test.describe(`account area (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await useSession(page, null, lang);
    });

    test('admin: menu, landing, every page, role redirects', async ({ page }) => {
      await signInAs(page, DEMO.admin);
      await page.goto('/account');
      await expect(page).toHaveURL(/\/account\/company-list$/);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expectMenu(page, lang, ADMIN_MENU);
      await walkMenu(page, ADMIN_MENU);
      // Non-admin pages send an admin to the companies list; unknown sub-paths too.
      for (const path of ['/account/tender-management', '/account/submitted-proposals', '/account/nope']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/account\/company-list$/);
      }
    });

    test('company owner: menu, every page, role redirects', async ({ page }) => {
      await signInAs(page, DEMO.owner);
      await page.goto('/account');
      await expect(page.getByTestId('account-page-profile')).toBeVisible();
      await expectMenu(page, lang, OWNER_MENU);
      // The side menu shows the company name for an owner.
      const mine = await apiCall<{ name: string } | null>(
        (await apiLogin(DEMO.owner)).accessToken,
        'GET',
        '/companies/mine',
        undefined,
        lang,
      );
      await expect(page.getByTestId('account-display-name')).toHaveText(mine!.name);
      await expect(page.getByTestId('my-company-name')).toHaveText(mine!.name);
      await walkMenu(page, OWNER_MENU);

      // After its deadline, a tender's proposals are open to the owner: every version with its milestones.
      const owner = await apiLogin(DEMO.owner);
      let target: { page: number; title: string } | null = null;
      for (let p = 1; !target; p++) {
        const list = await apiCall<{
          items: { id: number; title: string; isPastDeadline: boolean }[];
          pageCount: number;
        }>(owner.accessToken, 'GET', `/tenders/mine?approvalStatus=approved&limit=5&page=${p}`);
        for (const t of list.items) {
          if (!t.isPastDeadline) continue;
          const proposals = await apiCall<unknown[]>(owner.accessToken, 'GET', `/tenders/${t.id}/proposals`);
          if (proposals.length > 0) target = { page: p, title: t.title };
        }
        if (p >= list.pageCount) break;
      }
      expect(target).not.toBeNull();
      await page.goto('/account/tender-management');
      await page.getByTestId('tender-tab-approved').click();
      for (let p = 1; p < target!.page; p++)
        await page.getByTestId('pager').getByRole('button').last().click();
      const card = page.getByTestId('tender-card').filter({ hasText: target!.title });
      await card.getByTestId('show-proposals').click();
      await expect(card.getByTestId('received-proposal').first()).toBeVisible();
      await expect(card.getByTestId('proposal-version').first()).toBeVisible();
      await expect(card.getByTestId('proposals-sealed')).toHaveCount(0);

      for (const path of ['/account/manage-ads', '/account/company-list', '/account/whatever']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/account$/);
      }
    });

    test('bidder: menu and every page', async ({ page }) => {
      await signInAs(page, DEMO.bidder);
      await page.goto('/account');
      await expectMenu(page, lang, USER_MENU);
      await expect(page.getByTestId('account-avatar-default')).toBeVisible();
      await walkMenu(page, USER_MENU);
    });

    test('proposals: status, payment (pay now), version history and the resubmit link', async ({ page }) => {
      const { tender } = await approvedTender('open', { participationFee: 250 });
      const bidder = await freshUser('proposer');
      const attachment = await apiUpload(bidder.accessToken, 'proposal-attachment', {
        name: 'offer.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      const submitted = await apiCall<{ proposal: { id: number }; payUrl?: string }>(
        bidder.accessToken,
        'POST',
        '/proposals',
        {
          tender: tender.id,
          attachment: attachment.id,
          offer_price: 42000,
          title: 'Our offer',
          description: 'Turnkey delivery in two phases.',
          period: 60,
          milestones: [
            {
              title: 'Design',
              description: 'Drawings and bill of quantities',
              amount: 12000,
              period: 20,
              start_date: day(21),
              end_date: day(40),
              expected_completion_date: day(40),
            },
          ],
          breakdown: [{ name: 'Partitions', quantity: 10, unitPrice: 3000 }],
        },
      );
      expect(submitted.payUrl).toBeTruthy();

      await signInAs(page, bidder.email, bidder.password);
      await page.goto('/account/submitted-proposals');
      const card = page.getByTestId('proposal-card');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(tender.title);
      await expect(card.locator('[data-status="unpaid"]')).toBeVisible();
      await expect(card.getByTestId('resubmit-link')).toHaveAttribute(
        'href',
        `/resubmit-proposal/${submitted.proposal.id}`,
      );
      await card.getByTestId('toggle-history').click();
      const version = card.getByTestId('proposal-version');
      await expect(version).toHaveCount(1);
      await expect(version).toContainText('Design');
      await expect(version).toContainText('Partitions');
      await card.getByTestId('pay-now').click();
      await expect(page).toHaveURL(/\/payments\/sandbox\/checkout\//);
    });

    test('profile: edit the name and the photo', async ({ page }) => {
      const user = await freshUser('profile');
      await signInAs(page, user.email, user.password);
      await page.goto('/account');
      await expect(page.getByTestId('account-avatar-default')).toBeVisible();
      const name = unique('Name');
      await page.getByTestId('profile-name').fill(name);
      // A file the server refuses: its reason shows under the button (it used to show nothing).
      await page.getByTestId('profile-photo-upload-input').setInputFiles({
        name: 'me.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
      const refused = page.getByTestId('profile-photo-upload-error');
      await expect(refused).toBeVisible();
      await expect(refused).toHaveAttribute('role', 'alert');
      await expect(refused).toContainText(lang === 'ar' ? /[\u0600-\u06FF]/ : /not allowed/);
      await page.getByTestId('profile-photo-upload-input').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await expect(page.getByTestId('profile-photo')).toBeVisible();
      await expect(refused).toHaveCount(0);
      await page.getByTestId('profile-save').click();
      await expect(page.getByTestId('account-display-name')).toHaveText(name);
      await expect(page.getByTestId('account-avatar-image')).toBeVisible();
      const me = await apiCall<{ name: string; imageUrl: string | null }>(
        user.accessToken,
        'GET',
        '/users/me',
      );
      expect(me.name).toBe(name);
      expect(me.imageUrl).toBeTruthy();
      // The session store (and its storage) has the new user too, so the shell's avatar follows.
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
      expect(stored.name).toBe(name);
      // An empty name is refused by the form.
      await page.getByTestId('profile-name').fill('');
      await page.getByTestId('profile-save').click();
      await expect(page.getByText(lang === 'ar' ? 'الاسم مطلوب.' : 'Name is required.')).toBeVisible();
    });

    test('tenders: create a draft, publish it, and the admin approves it', async ({ page }) => {
      const user = await freshUser('tenders');
      await signInAs(page, user.email, user.password);
      await page.goto('/account/tender-management');
      await expect(page.getByTestId('empty-state')).toBeVisible();
      await page.getByTestId('new-tender').click();
      // The contract's rules: a title (in English, Arabic or both) and the dates are required.
      await page.getByTestId('tender-save').click();
      await expect(
        page.getByText(
          lang === 'ar'
            ? 'اكتب العنوان بالعربية أو بالإنجليزية أو بكلتيهما.'
            : 'Write the title in English, in Arabic or in both.',
        ),
      ).toBeVisible();
      const title = unique('Tender');
      await page.getByTestId('tender-title').fill(title);
      // The English description, in the rich-text editor's English tab (the Arabic site opens the Arabic one first).
      await page.getByTestId('tender-description-tab-en').click();
      await page.getByTestId('tender-description').fill('Fit-out of a 400 m² office in West Bay.');
      await page.getByTestId('tender-status').selectOption('open');
      await page.getByTestId('tender-fee').fill('150');
      await page.getByTestId('tender-bond').fill('1000');
      const date = (offset: number) => day(offset).slice(0, 10);
      // A deadline on a Friday is allowed, with a warning that names the weekend.
      const friday = new Date(Date.now() + 10 * 86_400_000);
      while (friday.getUTCDay() !== 5) friday.setUTCDate(friday.getUTCDate() + 1);
      await page.getByTestId('tender-deadline').fill(`${friday.toISOString().slice(0, 10)}T12:00`);
      const dayOff = page.getByTestId('deadline-day-off');
      await expect(dayOff).toHaveAttribute('data-reason', 'weekend');
      await expect(dayOff).toContainText(lang === 'ar' ? 'عطلة نهاية الأسبوع' : 'a weekend in Qatar');
      await page.getByTestId('tender-deadline').fill(`${date(10)}T12:00`);
      await page.getByTestId('tender-start').fill(date(20));
      await page.getByTestId('tender-end').fill(date(90));
      await page.getByTestId('tender-document-input').setInputFiles({
        name: 'scope.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await expect(page.getByText('scope.png')).toBeVisible();
      await page.getByTestId('tender-save').click();

      const card = page.getByTestId('tender-card').filter({ hasText: title });
      await expect(card).toHaveAttribute('data-approval', 'draft');
      await card.getByTestId('publish-tender').click();
      await page
        .getByTestId('popup')
        .getByRole('button', { name: lang === 'ar' ? 'نشر' : 'Publish' })
        .click();
      await expect(card).toHaveAttribute('data-approval', 'pending');
      const mine = await apiCall<{
        items: { title: string; documents: unknown[]; participationFee: number }[];
      }>(user.accessToken, 'GET', '/tenders/mine');
      const created = mine.items.find((t) => t.title === title)!;
      expect(created.documents).toHaveLength(1);
      expect(created.participationFee).toBe(150);

      // The admin approves it from the second tab of the companies list.
      await switchUser(page, await apiLogin(DEMO.admin));
      await page.goto('/account/company-list');
      await page.getByTestId('tab-tenders').click();
      const pending = page.getByTestId('pending-tender').filter({ hasText: title });
      await pending.getByTestId('approve-tender').click();
      await expect(pending).toHaveCount(0);
      const after = await apiCall<{ items: { title: string; approvalStatus: { status: string } }[] }>(
        user.accessToken,
        'GET',
        '/tenders/mine',
      );
      expect(after.items.find((t) => t.title === title)?.approvalStatus.status).toBe('approved');
    });

    test('tenders: the owner approves an expression of interest on a closed tender', async ({ page }) => {
      const { owner, tender } = await approvedTender('closed');
      const bidder = await freshUser('bidder');
      await apiCall(bidder.accessToken, 'POST', '/interests', { tender: tender.id });

      await signInAs(page, owner.email, owner.password);
      await page.goto('/account/tender-management');
      await page.getByTestId('tender-tab-approved').click();
      const card = page.getByTestId('tender-card').filter({ hasText: tender.title });
      await card.getByTestId('show-interests').click();
      const row = card.getByTestId('interest-row');
      await expect(row).toContainText(bidder.email);
      await row.getByTestId('approve-interest').click();
      await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'approved');
      // Proposals of a tender before its deadline are sealed.
      await card.getByTestId('show-proposals').click();
      await expect(card.getByTestId('proposals-sealed')).toBeVisible();
      const interests = await apiCall<{ status: string }[]>(
        owner.accessToken,
        'GET',
        `/tenders/${tender.id}/interests`,
      );
      expect(interests[0]?.status).toBe('approved');
    });

    test('requests: the admin approves a request; the owner then sees its contact details', async ({
      page,
    }) => {
      const requester = await freshUser('requester');
      const owner = await apiLogin(DEMO.owner);
      const company = await apiCall<{ id: number; services: { id: number }[] }>(
        owner.accessToken,
        'GET',
        '/companies/mine',
      );
      const title = unique('Request');
      await apiCall(requester.accessToken, 'POST', '/requests', {
        name: 'Mariam Al-Thani',
        email: requester.email,
        phone: '97455512345',
        services: [company.services[0]!.id],
        project_title: title,
        description: 'Quarterly maintenance of two villas.',
        company: company.id,
      });

      await signInAs(page, DEMO.admin);
      await page.goto('/account/requests');
      const card = page.getByTestId('request-card').filter({ hasText: title });
      await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'pending');
      await card.getByTestId('approve').click();
      await expect(card).toHaveCount(0);

      // The requester sees it approved in Sent Requests.
      const sent = await apiCall<{ items: { project_title: string; status: string }[] }>(
        requester.accessToken,
        'GET',
        '/requests/sent',
      );
      expect(sent.items.find((r) => r.project_title === title)?.status).toBe('approved');

      // The company owner sees it with the requester's contact details.
      await switchUser(page, owner);
      await page.goto('/account/requests');
      const received = page.getByTestId('request-card').filter({ hasText: title });
      await expect(received.getByTestId('request-email')).toHaveText(requester.email);
    });

    test('requests: sent requests list the requester’s own requests with their status', async ({ page }) => {
      const requester = await freshUser('sender');
      const owner = await apiLogin(DEMO.owner);
      const company = await apiCall<{ id: number; services: { id: number }[] }>(
        owner.accessToken,
        'GET',
        '/companies/mine',
      );
      await signInAs(page, requester.email, requester.password);
      await page.goto('/account/sent-requests');
      await expect(page.getByTestId('empty-state')).toBeVisible();
      const title = unique('Sent');
      await apiCall(requester.accessToken, 'POST', '/requests', {
        name: 'Khalid',
        email: requester.email,
        phone: '97455500000',
        services: [company.services[0]!.id],
        project_title: title,
        description: 'Network cabling.',
        company: company.id,
      });
      await page.reload();
      const card = page.getByTestId('request-card').filter({ hasText: title });
      await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'pending');
    });

    test('security: the password rules, then change it and sign in with the new one', async ({ page }) => {
      const user = await freshUser('password');
      await signInAs(page, user.email, user.password);
      await page.goto('/account/security');
      const form = page.getByTestId('change-password-form');
      const inputs = form.locator('input[type=password]');
      await page.getByTestId('change-password-submit').click();
      await expect(
        form.getByText(lang === 'ar' ? 'كلمة المرور الحالية مطلوبة.' : 'Current Password is required.'),
      ).toBeVisible();
      await inputs.nth(0).fill(user.password);
      await inputs.nth(1).fill('short');
      await inputs.nth(2).fill('short');
      await page.getByTestId('change-password-submit').click();
      await expect(
        form.getByText(
          lang === 'ar'
            ? 'يجب أن تتكون كلمة المرور من 6 أحرف على الأقل.'
            : 'Password must be at least 6 characters long.',
        ),
      ).toBeVisible();
      await inputs.nth(1).fill('long-enough');
      await inputs.nth(2).fill('long-enougH');
      await page.getByTestId('change-password-submit').click();
      await expect(
        form.getByText(lang === 'ar' ? 'كلمتا المرور غير متطابقتين.' : 'Passwords do not match.'),
      ).toBeVisible();
      await inputs.nth(1).fill(NEW_PASSWORD);
      await inputs.nth(2).fill(NEW_PASSWORD);
      const before = await page.evaluate(() => localStorage.getItem('token'));
      await page.getByTestId('change-password-submit').click();
      await expect(inputs.nth(0)).toHaveValue('');
      // This tab keeps a valid session (the new token) …
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(token).not.toBe(before);
      await page.reload();
      await expect(page.getByTestId('account-page-security')).toBeVisible();
      const now = await fetch(`${API_URL}/users/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(now.status).toBe(200);
      // … other sessions ended, the old password is refused and the new one works.
      for (const old of [before, user.accessToken]) {
        const response = await fetch(`${API_URL}/users/me`, { headers: { authorization: `Bearer ${old}` } });
        expect(response.status).toBe(401);
      }
      await expect(apiLogin(user.email, user.password)).rejects.toThrow();
      const again = await apiLogin(user.email, NEW_PASSWORD);
      expect(again.user.name).toBe(user.user.name);

      // And signing in in a fresh page with the new password opens the account.
      await page.evaluate(() => {
        localStorage.removeItem('token');
        localStorage.removeItem('user');
        sessionStorage.clear();
      });
      const context = page.context();
      const second = await context.newPage();
      await useSession(second, null, lang);
      await signInAs(second, user.email, NEW_PASSWORD);
      await second.goto('/account');
      await expect(second.getByTestId('account-page-profile')).toBeVisible();
      await second.close();
    });

    test('companies: the admin approves a newly registered company', async ({ page }) => {
      const user = await freshUser('company');
      const name = unique('Doha Works');
      await apiCall(user.accessToken, 'PUT', '/companies/mine', {
        name,
        description: '<p>Facilities management.</p>',
        serviceIds: [await firstServiceId()],
      });
      await signInAs(page, DEMO.admin);
      // The list is searched and paged by the server: no call fetches a whole status at once.
      const listCalls: URL[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/v1/admin/companies') listCalls.push(url);
      });
      await page.goto('/account/company-list');
      await page.getByTestId('company-status-filter').selectOption('pending');
      const searched = page.waitForRequest((request) => {
        const url = new URL(request.url());
        return url.pathname === '/api/v1/admin/companies' && url.searchParams.get('search') === name;
      });
      await page.getByTestId('company-search').fill(name);
      await searched;
      const row = page.getByTestId('company-row');
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('company-name')).toHaveText(name);
      await row.getByTestId('approve-company').click();
      await expect(row).toHaveCount(0);
      await page.getByTestId('company-status-filter').selectOption('approved');
      await expect(page.getByTestId('company-row').locator('[data-status]')).toHaveAttribute(
        'data-status',
        'approved',
      );
      const mine = await apiCall<{ status: string }>(user.accessToken, 'GET', '/companies/mine');
      expect(mine.status).toBe('approved');
      expect(listCalls.length).toBeGreaterThan(0);
      for (const url of listCalls) expect(Number(url.searchParams.get('limit'))).toBeLessThanOrEqual(8);
    });

    test('companies: the admin rejects a company saying why; its owner reads the reason', async ({
      page,
    }) => {
      const user = await freshUser('rejected company');
      const name = unique('Lusail Fit-out');
      await apiCall(user.accessToken, 'PUT', '/companies/mine', {
        name,
        serviceIds: [await firstServiceId()],
      });
      const reason =
        lang === 'ar' ? 'السجل التجاري المرفق منتهي الصلاحية' : 'The attached trade licence has expired';
      await signInAs(page, DEMO.admin);
      await page.goto('/account/company-list');
      await page.getByTestId('company-search').fill(name);
      const row = page.getByTestId('company-row').filter({ hasText: name });
      await row.getByRole('button', { name: lang === 'ar' ? 'رفض' : 'Reject', exact: true }).click();
      const dialog = page.getByTestId('reject-dialog');
      await expect(dialog).toContainText(lang === 'ar' ? 'هل تريد رفض هذه الشركة؟' : 'Reject this company?');
      // Not without a reason.
      await dialog.getByTestId('reject-confirm').click();
      await expect(dialog).toContainText(lang === 'ar' ? 'السبب مطلوب.' : 'Reason is required.');
      await dialog.getByTestId('reject-reason').fill(reason);
      await dialog.getByTestId('reject-confirm').click();
      await expect(dialog).toBeHidden();
      const mine = await apiCall<{ status: string; rejectionReason: string }>(
        user.accessToken,
        'GET',
        '/companies/mine',
      );
      expect(mine).toMatchObject({ status: 'rejected', rejectionReason: reason });

      await switchUser(page, user);
      await page.goto('/account');
      await expect(page.getByTestId('my-company').getByTestId('rejection-reason')).toContainText(reason);
    });

    test('ads: the admin creates an ad that the directory then shows', async ({ page }) => {
      await signInAs(page, DEMO.admin);
      await page.goto('/account/manage-ads');
      await page.getByTestId('new-ad').click();
      await page.getByTestId('ad-save').click();
      await expect(page.getByText(lang === 'ar' ? 'الصورة مطلوبة.' : 'Image is required.')).toBeVisible();
      const title = unique('Ad');
      await page.getByTestId('ad-title').fill(title);
      await page.getByTestId('ad-link').fill('https://example.qa/offer');
      await page
        .getByTestId('ad-image-input')
        .setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByTestId('ad-preview')).toBeVisible();
      await page.getByTestId('ad-save').click();
      const row = page.getByTestId('ad-row').filter({ hasText: title });
      await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'active');
      const active = await apiCall<{ title: string } | null>(null, 'GET', '/ads/active');
      expect(active?.title).toBe(title);
      // The list is searched by the server.
      const searched = page.waitForRequest((request) => {
        const url = new URL(request.url());
        return url.pathname === '/api/v1/admin/ads' && url.searchParams.get('search') === title;
      });
      await page.getByTestId('ad-search').fill(title);
      await searched;
      await expect(page.getByTestId('ad-row')).toHaveCount(1);
      await expect(page.getByTestId('ad-row')).toContainText(title);
      // The directory's advertisement card shows it.
      await page.goto('/service');
      await expect(page.getByTestId('ad-card')).toContainText(title);
    });

    test('site settings: the admin changes the phone number, the footer shows it', async ({ page }) => {
      type Setting = { phone: string; addressEn: string; addressAr: string; footerServiceIds: number[] };
      const before = await apiCall<Setting>(null, 'GET', '/bo-setting');
      const n = String(Date.now()).slice(-4);
      const phone = `+974 ${lang === 'ar' ? '5566' : '4411'} ${n}`;
      const address = lang === 'ar' ? `برج ${n}، الخليج الغربي، الدوحة` : `Tower ${n}, West Bay, Doha`;
      const addressField = lang === 'ar' ? 'settings-addressAr' : 'settings-addressEn';
      try {
        await signInAs(page, DEMO.admin);
        await page.goto('/account/site-settings');
        await expect(page.getByTestId('account-page-site-settings')).toBeVisible();
        const field = (testId: string) => page.getByTestId(testId).locator('input, textarea');
        await expect(field('settings-phone')).toHaveValue(before.phone);

        // A link that is not a web address is refused before anything is sent.
        await field('settings-youtube').fill('javascript:alert(1)');
        await page.getByTestId('settings-save').click();
        await expect(page.getByTestId('settings-youtube').getByTestId('field-error')).toHaveText(
          lang === 'ar' ? 'يرجى إدخال رابط صحيح (https://…)' : 'Please enter a valid URL (https://…)',
        );
        await field('settings-youtube').fill('');

        await field('settings-phone').fill(phone);
        await field(addressField).fill(address);
        // One service beyond the catalogue's first 8: the footer then lists it alone.
        const categories = await apiCall<{ services: { id: number; name: string }[] }[]>(
          null,
          'GET',
          '/categories',
          undefined,
          lang,
        );
        const service = categories.at(-1)!.services.at(-1)!;
        await page.getByTestId(`footer-service-${service.id}`).click();
        // Before saving, the preview shows the footer as each language's site will: the page's own language has
        // the new address; the other one its own (or, in Arabic, the English one when no Arabic one is set).
        const preview = page.getByTestId(`settings-preview-${lang}`);
        await expect(preview).toContainText(phone);
        await expect(preview).toContainText(address);
        await expect(preview).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByTestId(`settings-preview-services-${lang}`).getByRole('listitem')).toHaveText([
          service.name,
        ]);
        await expect(page.getByTestId('footer-contact')).not.toContainText(phone);
        const saved = page.waitForResponse(
          (r) => r.url().endsWith('/api/v1/admin/bo-setting') && r.request().method() === 'PUT',
        );
        await page.getByTestId('settings-save').click();
        expect((await saved).status()).toBe(200);
        // The footer of this very page shows it, without a reload.
        const footer = page.getByTestId('footer-contact');
        await expect(footer).toContainText(phone);
        await expect(footer).toContainText(address);
        await expect(footer.getByRole('link', { name: phone })).toHaveAttribute(
          'href',
          `tel:${phone.replace(/\s+/g, '')}`,
        );
        await expect(page.getByTestId('footer-services').getByRole('link')).toHaveText([service.name]);
        // The contact page (client-side navigation) and a fresh load show it too.
        await page.getByTestId('site-footer').getByRole('link', { name: LABELS.contact![lang] }).click();
        await expect(page.getByTestId('contact-info')).toContainText(phone);
        await page.reload();
        await expect(page.getByTestId('contact-info')).toContainText(address);
        await expect(page.getByTestId('footer-contact')).toContainText(phone);
        await expect(page.getByTestId('footer-services').getByRole('link')).toHaveText([service.name]);
        expect(await apiCall<Setting>(null, 'GET', '/bo-setting')).toMatchObject({
          phone,
          footerServiceIds: [service.id],
        });
      } finally {
        const admin = await apiLogin(DEMO.admin);
        await apiCall(admin.accessToken, 'PUT', '/admin/bo-setting', {
          phone: before.phone,
          addressEn: before.addressEn,
          addressAr: before.addressAr,
          footerServiceIds: before.footerServiceIds,
        });
      }
    });

    test('logout asks first, then ends the session and goes home', async ({ page }) => {
      const user = await freshUser('logout');
      await signInAs(page, user.email, user.password);
      await page.goto('/account');
      await expect(page.getByTestId('account-page-profile')).toBeVisible();
      const token = await page.evaluate(() => localStorage.getItem('token'));
      await menu(page).getByTestId('account-menu-logout').click();
      const popup = page.getByTestId('popup');
      await expect(popup).toHaveAttribute('data-kind', 'confirm');
      if (lang === 'en') await expect(popup).toContainText('Are you sure you want to log out?');
      await popup.getByRole('button').last().click();
      await expect(page).toHaveURL(/\/home$/);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      const old = await fetch(`${API_URL}/users/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(old.status).toBe(401);
    });
  });
}
