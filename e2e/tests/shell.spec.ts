/**
 * The host shell in the composed production site, in English and Arabic: guards and the login
 * modal, the 401 popup, live notifications, set-password landing rules, payment callback, the error
 * catalogue and spinner, the top bar, sidebar, footer, static pages and the service worker.
 */

import { apiCall, apiLogin, DEMO, DEMO_PASSWORD, outbox, signInAs, useSession } from '../support/session.ts';
import {
  approvedInterest,
  freshUser,
  proposalToPay,
  relative,
  sendServiceRequest,
  setPasswordLink,
  setPasswordMailCount,
  storage,
} from '../support/shell-data.ts';
import { expect, type Locator, type Page, scriptsBlocked, test } from '../support/test.ts';

type Lang = 'en' | 'ar';

const T = {
  en: {
    signInTitle: 'Sign in to Bawaba',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    login: 'Login',
    unauthorizedTitle: "You're not authorized to perform action",
    unauthorizedText: 'Please reconnect with a valid account',
    retry: 'Retry',
    notifications: 'Notifications',
    seeAll: 'See all notifications',
    logoutTitle: 'Are you sure you want to log out?',
    logout: 'Log out',
    paid: 'Payment Successful',
    paidText: 'Thank you for your payment! Your transaction was successful.',
    failed: 'Payment Failed',
    failedText: 'Unfortunately, your transaction could not be processed. Please try again.',
    loading: 'Loading, please wait...',
    checkInputs: 'Check Your Inputs',
    checkInputsText: 'Please check your inputs',
    later: 'Please try again later',
    laterText: 'An error occurred while connecting to the server.',
    system: 'Bawaba',
    tenders: 'Tenders',
    about: 'About Bawaba',
    approved: 'Request approved',
    sent: 'Request successfully sent',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    savePassword: 'Save password',
    saving: 'Saving...',
    missingToken: 'Invalid or missing verification token.',
    noNotification: 'No notification',
    scrollTop: 'Scroll to top',
    openMenu: 'Open menu',
    sidebar: 'Sidebar',
    main: 'Main',
    aboutLink: 'About',
  },
  ar: {
    signInTitle: 'تسجيل الدخول إلى بوابة',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
    login: 'تسجيل الدخول',
    unauthorizedTitle: 'غير مصرح لك بتنفيذ هذا الإجراء',
    unauthorizedText: 'يرجى الدخول مجددًا بحساب صالح',
    retry: 'إعادة المحاولة',
    notifications: 'الإشعارات',
    seeAll: 'عرض كل الإشعارات',
    logoutTitle: 'هل أنت متأكد أنك تريد تسجيل الخروج؟',
    logout: 'تسجيل الخروج',
    paid: 'تم الدفع بنجاح',
    paidText: 'شكرًا لك على الدفع! تمت معاملتك بنجاح.',
    failed: 'فشل الدفع',
    failedText: 'للأسف، تعذّرت معالجة معاملتك. يرجى المحاولة مرة أخرى.',
    loading: 'جارٍ التحميل، يرجى الانتظار...',
    checkInputs: 'تحقق من مدخلاتك',
    checkInputsText: 'يرجى التحقق من مدخلاتك',
    later: 'يرجى المحاولة لاحقًا',
    laterText: 'حدث خطأ أثناء الاتصال بالخادم.',
    system: 'بوابة',
    tenders: 'المناقصات',
    about: 'عن بوابة',
    approved: 'تمت الموافقة على الطلب',
    sent: 'تم إرسال الطلب بنجاح',
    newPassword: 'كلمة المرور الجديدة',
    confirmPassword: 'تأكيد كلمة المرور',
    savePassword: 'حفظ كلمة المرور',
    saving: 'جارٍ الحفظ...',
    missingToken: 'رمز التحقق غير صالح أو مفقود.',
    noNotification: 'لا توجد إشعارات',
    scrollTop: 'العودة إلى الأعلى',
    openMenu: 'فتح القائمة',
    sidebar: 'القائمة الجانبية',
    main: 'التنقل الرئيسي',
    aboutLink: 'من نحن',
  },
} as const;

/** GET /api/v1/notification?limit=… (the list), not the stream or the read calls. */
const NOTIFICATION_LIST = (url: URL) => url.pathname === '/api/v1/notification';
/** GET /api/v1/notification/page?… (a page of /notifications): a call the user asked for, so the spinner shows. */
const NOTIFICATION_PAGE = (url: URL) => url.pathname === '/api/v1/notification/page';

const loginModal = (page: Page) => page.getByTestId('login-modal');
const popup = (page: Page) => page.getByTestId('popup');
const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

async function signInWithModal(modal: Locator, lang: Lang, email: string, password = DEMO_PASSWORD) {
  await modal.getByLabel(T[lang].email).fill(email);
  await modal.getByLabel(T[lang].password, { exact: false }).fill(password);
  await modal.getByRole('button', { name: T[lang].signIn, exact: true }).click();
}

/** Wait until the live stream is connected (the server answered the subscription). */
function streamConnected(page: Page) {
  return page.waitForResponse(
    (r) => r.url().includes('/api/v1/notification/subscribe') && r.status() === 200,
    { timeout: 15_000 },
  );
}

for (const lang of ['en', 'ar'] as const) {
  const t = T[lang];

  test.describe(`shell in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    test.beforeEach(async ({ page }) => {
      await useSession(page, null, lang);
    });

    test('a guarded route opens the login modal while signed out, then continues to the route', async ({
      page,
    }) => {
      const subscriptions: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/notification/subscribe')) subscriptions.push(r.url());
      });
      const route = lang === 'en' ? '/notifications' : '/account';
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      const modal = loginModal(page);
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('heading', { name: t.signInTitle })).toBeVisible();
      // No footer, no close icon: the only buttons are the form's.
      await expect(modal.getByRole('button', { name: /close|إغلاق/i })).toHaveCount(0);
      // Signed out: no live stream.
      expect(subscriptions).toEqual([]);

      const connected = streamConnected(page);
      await signInWithModal(modal, lang, DEMO.bidder);
      await expect(modal).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${route}$`));
      if (route === '/notifications') {
        await expect(page.getByRole('heading', { level: 1, name: t.notifications })).toBeVisible();
      } else {
        await expect(page.locator('[data-testid="remote-frame"][data-remote="account"]')).toBeVisible();
      }
      // Signed in: the profile picture replaces the login button, and the stream is connected.
      await expect(page.getByTestId('profile-link')).toBeVisible();
      await expect(page.getByTestId('login-button')).toHaveCount(0);
      await connected;
    });

    test('closing the login modal without signing in goes home', async ({ page }) => {
      await page.goto('/submit-proposal/1');
      await expect(loginModal(page)).toBeVisible();
      // A click on the mask closes it.
      await page.mouse.click(lang === 'ar' ? 1270 : 8, 700);
      await expect(loginModal(page)).toBeHidden();
      await expect(page).toHaveURL(/\/home$/);
      // Only one login modal at a time, from the top bar too.
      await page.getByTestId('login-button').click();
      await expect(loginModal(page)).toHaveCount(1);
    });

    test('a 401 shows the warning, clears storage (keeping the language) and returns to the root', async ({
      page,
    }) => {
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('e2e-stale')) {
          localStorage.setItem('token', 'stale.invalid.token');
          localStorage.setItem('user', JSON.stringify({ id: 999, name: 'Ghost', isAdmin: false }));
          localStorage.setItem('draft', 'kept?');
          sessionStorage.setItem('e2e-stale', '1');
        }
      });
      await page.goto('/about');
      const warning = popup(page);
      await expect(warning).toBeVisible();
      await expect(warning).toHaveAttribute('data-kind', 'warning');
      await expect(warning.getByText(t.unauthorizedTitle)).toBeVisible();
      await expect(warning.getByText(t.unauthorizedText)).toBeVisible();
      // One popup, though several calls failed together.
      await expect(popup(page)).toHaveCount(1);
      // The spinner is not left over the page, and the guard does not stack a login modal under it.
      await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
      expect(await storage(page)).toEqual({ token: null, user: null, language: lang });
      expect(await page.evaluate(() => localStorage.getItem('draft'))).toBeNull();
      await warning.getByRole('button', { name: t.retry }).click();
      await expect(popup(page)).toHaveCount(0);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByTestId('login-button')).toBeVisible();
      await expect(loginModal(page)).toHaveCount(0);
    });

    test('a session revoked elsewhere signs the open page out (the live stream is refused)', async ({
      page,
    }) => {
      const bidder = await signInAs(page, DEMO.bidder);
      const connected = streamConnected(page);
      await page.goto('/about');
      await connected;
      // Logout from another device: the server ends this session's stream, and its reconnection gets a 401.
      await apiCall(bidder.accessToken, 'POST', '/auth/logout');
      const warning = popup(page);
      await expect(warning).toBeVisible();
      await expect(warning.getByText(t.unauthorizedTitle)).toBeVisible();
      await expect(page.getByTestId('login-button')).toBeVisible();
      expect(await storage(page)).toEqual({ token: null, user: null, language: lang });
    });

    test('a notification created through the API appears live as a toast and in the dropdown', async ({
      page,
    }) => {
      const bidder = await signInAs(page, DEMO.bidder);
      const connected = streamConnected(page);
      await page.goto('/home');
      await connected;

      const requestId = await sendServiceRequest(bidder.accessToken, `Live ${lang} ${Date.now()}`);
      await expect(toast(page, t.sent)).toBeVisible();
      const admin = await apiLogin(DEMO.admin);
      await apiCall(admin.accessToken, 'POST', `/requests/${requestId}/approve`);
      const approvedToast = toast(page, t.approved);
      await expect(approvedToast).toBeVisible();
      await expect(approvedToast).toHaveAttribute('data-type', 'success');
      // Toasts settle below the top bar (they slide in from above it), so the bell, clicked next while they still
      // show, is never under one.
      const topBar = (await page.locator('header').first().boundingBox())!;
      await expect
        .poll(async () => (await approvedToast.boundingBox())?.y ?? 0)
        .toBeGreaterThanOrEqual(topBar.y + topBar.height);

      await expect(page.getByTestId('notification-badge')).toBeVisible();
      await page.getByTestId('notification-bell').click();
      const dropdown = page.getByTestId('notification-dropdown');
      await expect(dropdown).toBeVisible();
      await expect(dropdown.getByTestId('notification-item').first()).toContainText(t.approved);
      await expect(dropdown.getByTestId('notification-list')).toHaveCSS('max-height', '400px');
      await dropdown.getByRole('link', { name: t.seeAll }).click();
      await expect(page).toHaveURL(/\/notifications$/);
      await expect(dropdown).toBeHidden();
      await expect(
        page.getByTestId('notifications-page-list').getByTestId('notification-item').first(),
      ).toContainText(t.approved);
    });

    test('the payment callback shows the result and the server record of the payment', async ({ page }) => {
      const bidder = await signInAs(page, DEMO.bidder);
      const payUrl = await proposalToPay(bidder.accessToken);
      await page.goto(relative(payUrl));
      // The sandbox checkout: pay in English, decline in Arabic.
      await page.getByRole('button', { name: lang === 'en' ? /^Pay/ : 'Decline' }).click();
      await expect(page).toHaveURL(/\/callback\?status=(Paid|Failed)&reference=/);
      const result = page.getByTestId('payment-result');
      if (lang === 'en') {
        await expect(result).toHaveText(t.paid);
        await expect(page.getByText(t.paidText)).toBeVisible();
        await expect(page.getByTestId('payment-record-status')).toHaveAttribute('data-status', 'paid');
        await expect(page.getByRole('link', { name: 'Go to my account' })).toHaveAttribute(
          'href',
          '/account',
        );
      } else {
        await expect(result).toHaveText(t.failed);
        await expect(page.getByText(t.failedText)).toBeVisible();
        await expect(page.getByTestId('payment-record-status')).toHaveAttribute('data-status', 'failed');
        await expect(page.getByTestId('payment-retry')).toHaveAttribute(
          'href',
          '/account/submitted-proposals',
        );
      }
      // The query string never decides: the same reference with the opposite status shows the server's record.
      const reference = new URL(page.url()).searchParams.get('reference') ?? '';
      await page.goto(`/callback?status=${lang === 'en' ? 'Failed' : 'Paid'}&reference=${reference}`);
      await expect(page.getByTestId('payment-result')).toHaveText(lang === 'en' ? t.paid : t.failed);
      // A made-up reference has no record: not a success.
      await page.goto('/callback?status=Paid&reference=PAY-NOTREAL');
      await expect(page.getByTestId('payment-result')).toHaveText(t.failed);
      await expect(page.getByTestId('payment-record-missing')).toBeVisible();
      await expect(popup(page)).toHaveCount(0);
    });

    test('a payment result with a reference asks a visitor to sign in instead of believing the query', async ({
      page,
    }) => {
      await page.goto('/callback?status=Paid&reference=PAY-ANY');
      await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'sign-in');
      await expect(page.getByText(t.paid)).toHaveCount(0);
      // Without a reference the query string picks the message.
      await page.goto('/callback?status=Paid');
      await expect(page.getByTestId('payment-result')).toHaveText(t.paid);
    });

    test('error popups follow the catalogue, and the spinner has a 2 s safety timer', async ({ page }) => {
      await signInAs(page, DEMO.bidder);
      const cases = [
        { status: 500, title: t.later, text: t.laterText },
        { status: 404, title: t.system, text: 'That notification list is gone' },
        { status: 422, title: t.checkInputs, text: t.checkInputsText },
      ];
      for (const c of cases) {
        await page.route(NOTIFICATION_LIST, (route) =>
          route.fulfill({
            status: c.status,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: c.status, error: 'x', message: c.text, code: 'X' }),
          }),
        );
        await page.goto('/notifications');
        const shown = popup(page);
        await expect(shown).toBeVisible();
        await expect(shown).toHaveAttribute('data-kind', 'error');
        await expect(shown.getByRole('heading', { name: c.title })).toBeVisible();
        await expect(shown.getByText(c.text)).toBeVisible();
        // The failures end before Retry is pressed: what it brings back succeeds.
        await page.unroute(NOTIFICATION_LIST);
        await shown.getByRole('button', { name: t.retry }).click();
        await expect(popup(page)).toHaveCount(0);
        // Not a 401: still signed in, still on the page.
        await expect(page).toHaveURL(/\/notifications$/);
      }

      // A slow call shows the overlay; the safety timer hides it after 2 s even though it is still pending. (The
      // page's own call, made when the page is opened in the site — a page loaded from the server comes with its
      // data; the bell's list is loaded in the background, without the overlay.)
      await page.goto('/home');
      await page.route(NOTIFICATION_PAGE, async (route) => {
        await new Promise((r) => setTimeout(r, 6000));
        await route.continue().catch(() => {});
      });
      await page.getByTestId('notification-bell').click();
      await page.getByRole('link', { name: t.seeAll }).click();
      const overlay = page.getByTestId('loading-overlay');
      await expect(overlay).toBeVisible();
      await expect(overlay).toContainText(t.loading);
      const shownAt = Date.now();
      await expect(overlay).toBeHidden({ timeout: 4000 });
      expect(Date.now() - shownAt).toBeLessThan(3000);
      await page.unroute(NOTIFICATION_PAGE);
    });

    test('top bar: links, sidebar, profile picture and logout', async ({ page }) => {
      await page.setViewportSize({ width: 800, height: 900 });
      await signInAs(page, DEMO.admin);
      await page.goto('/home');
      // The profile picture: default avatar, and an admin goes to the companies list.
      const profile = page.getByTestId('profile-link');
      await expect(profile.locator('img')).toHaveAttribute('data-default-avatar', 'true');
      await expect(profile).toHaveAttribute('href', '/account/company-list');

      // The menu toggle opens the sidebar with the five links; a link closes it.
      await page.getByRole('button', { name: t.openMenu }).click();
      const sidebar = page.getByTestId('sidebar');
      await expect(sidebar).toBeVisible();
      const links = sidebar.getByRole('navigation', { name: t.sidebar }).getByRole('link');
      await expect(links).toHaveCount(5);
      await sidebar.getByRole('link', { name: t.tenders }).click();
      await expect(sidebar).toBeHidden();
      await expect(page).toHaveURL(/\/tender$/);
      // The overlay closes it too (the drawer opens at the reading start: left in English, right in Arabic).
      await page.getByRole('button', { name: t.openMenu }).click();
      await expect(sidebar).toBeVisible();
      await page.mouse.click(lang === 'ar' ? 20 : 780, 450);
      await expect(sidebar).toBeHidden();

      // Logout: confirmation, storage cleared (language kept), home, and the server session revoked.
      const before = await page.evaluate(() => localStorage.getItem('token'));
      await page.getByTestId('logout-button').click();
      await expect(popup(page).getByText(t.logoutTitle)).toBeVisible();
      await popup(page).getByRole('button', { name: t.logout }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByTestId('login-button')).toBeVisible();
      expect(await storage(page)).toEqual({ token: null, user: null, language: lang });
      await expect(apiCall(before, 'GET', '/users/me')).rejects.toThrow(/HTTP 401/);
    });

    test('static pages, footer and contact form', async ({ page }) => {
      const settings = await apiCall<{ email: string; phone: string }>(null, 'GET', '/bo-setting');
      await page.goto('/terms');
      await expect(page.getByTestId('terms-updated')).toContainText(
        lang === 'en' ? 'December 24, 2023' : '2023',
      );
      const footer = page.getByTestId('site-footer');
      await expect(footer.getByTestId('footer-contact')).toContainText(settings.email);
      const services = footer.getByTestId('footer-services').getByRole('link');
      await expect(services.first()).toBeVisible();
      expect(await services.count()).toBeLessThanOrEqual(8);
      const name = (await services.first().textContent()) ?? '';
      await services.first().click();
      await expect(page).toHaveURL(`/service?${new URLSearchParams({ inputValue: name })}`);

      await page.goto('/contact-us');
      const form = page.getByRole('form');
      await form.getByLabel(lang === 'en' ? 'Name' : 'الاسم', { exact: true }).fill('Mariam');
      await form.getByLabel(t.email).fill('mariam@example.qa');
      await form.getByLabel(lang === 'en' ? 'Phone' : 'الهاتف').fill('+974 abc');
      await form.getByLabel(lang === 'en' ? 'Subject' : 'الموضوع').fill('Listing');
      await form.getByLabel(lang === 'en' ? 'Message' : 'الرسالة').fill('How do I list my company?');
      await form.getByRole('button').click();
      await expect(
        form.getByText(
          lang === 'en' ? 'Phone must contain digits only.' : 'يجب أن يحتوي رقم الهاتف على أرقام فقط.',
        ),
      ).toBeVisible();
      await form.getByLabel(lang === 'en' ? 'Phone' : 'الهاتف').fill('55512345');
      // A message over the limit gets the contract's rule in the page's language, never the validator's own text.
      const message = form.getByLabel(lang === 'en' ? 'Message' : 'الرسالة');
      await message.fill('x'.repeat(2001));
      await form.getByRole('button').click();
      await expect(
        form.getByText(
          lang === 'en' ? 'Message must be at most 2000 characters.' : 'يجب ألا تتجاوز الرسالة 2000 حرف.',
        ),
      ).toBeVisible();
      await expect(page.getByText(/Invalid length|Expected/)).toHaveCount(0);
      await message.fill('How do I list my company?');
      await form.getByRole('button').click();
      await expect(page.getByTestId('contact-sent')).toContainText(
        lang === 'en' ? 'Message sent' : 'تم إرسال الرسالة',
      );
      // The message reached the back office by mail (the e2e API writes mails to its dev outbox).
      const mail = outbox()
        .filter((m) => m.subject === '[Bawaba contact] Listing')
        .at(-1);
      expect(mail?.to).toBe(settings.email);
      expect(mail?.subject).toBe('[Bawaba contact] Listing');
      expect(mail?.text).toContain('How do I list my company?');
      await expect(page.getByTestId('contact-info')).toContainText(settings.phone);
      await expect(page.locator('iframe[src*="openstreetmap"]')).toHaveCount(1);
    });

    test('scroll to top: on navigation, and the smart button', async ({ page }) => {
      await page.setViewportSize({ width: 420, height: 360 });
      await page.goto('/terms');
      await expect(page.getByTestId('host-page-terms')).toBeVisible();
      await expect(page.getByTestId('footer-services').getByRole('link').first()).toBeVisible();
      const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      expect(max).toBeGreaterThan(2 * 360 + 100);
      const scrollTo = async (y: number) => {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(80);
      };
      const button = page.getByRole('button', { name: t.scrollTop });
      await scrollTo(300);
      await scrollTo(700);
      await expect(button).toHaveCount(0);
      await scrollTo(600); // up, but never armed (not past 2 viewport heights)
      await expect(button).toHaveCount(0);
      await scrollTo(max);
      await expect(button).toHaveCount(0); // armed, going down
      await scrollTo(max - 100);
      await expect(button).toBeVisible(); // going up from there
      await button.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(button).toHaveCount(0);

      // Every completed navigation starts at the top.
      await scrollTo(max);
      await page.getByTestId('site-footer').getByRole('link', { name: t.aboutLink, exact: true }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });
  });
}

test.describe('language switch', () => {
  test('switches html lang/dir, the texts, the stored choice, and re-renders the current route', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: T.en.about })).toBeVisible();
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: T.ar.about })).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
    await expect(
      page.getByRole('navigation', { name: T.ar.main }).getByRole('link', { name: T.ar.tenders }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
    // The top bar mirrors: the brand sits at the right edge in Arabic.
    const brand = await page.getByRole('link', { name: 'بوابة', exact: true }).first().boundingBox();
    expect(brand && brand.x > 640).toBe(true);
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: T.en.about })).toBeVisible();
  });
});

test.describe('registration, forgot password and set-password landing rules', () => {
  test('a new user registers with the form, sets a password from the mail and lands on /account', {
    tag: '@smoke',
  }, async ({ page }) => {
    const email = `new.user.${Date.now()}@example.qa`;
    await page.goto('/home');
    await page.getByTestId('login-button').click();
    const modal = loginModal(page);
    await modal.getByRole('button', { name: 'Create an account' }).click();
    await modal.getByLabel('Full name').fill('Noor Test');
    await modal.getByLabel('Email').fill(email);
    await modal.getByRole('button', { name: 'Create account' }).click();
    await expect(modal.getByTestId('register-done')).toContainText(email);

    const link = await setPasswordLink(email);
    await page.goto(relative(link));
    const form = page.getByRole('form', { name: 'Set your password' });
    await form.getByLabel('New password').fill('12345');
    await form.getByLabel('Confirm password').fill('123456');
    await form.getByLabel('New password').focus();
    await form.getByRole('button').click();
    await expect(form.getByText('Password must be at least 6 characters long.')).toBeVisible();
    await form.getByLabel('New password').fill('secret-42');
    await form.getByLabel('Confirm password').fill('secret-43');
    await form.getByRole('button').click();
    await expect(form.getByText('Passwords do not match.')).toBeVisible();
    await form.getByLabel('Confirm password').fill('secret-42');
    // Slow the save down enough to see 'Saving...' on a disabled button.
    await page.route('**/api/v1/auth/set-password', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await form.getByRole('button').click();
    await expect(form.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expect(page).toHaveURL(/\/account$/);
    // The user's name is isolated (FSI … PDI) so that its own direction cannot reorder the sentence around it.
    await expect(toast(page, 'Welcome to Bawaba, \u2068Noor Test\u2069!')).toBeVisible();
    const stored = await storage(page);
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({
      name: 'Noor Test',
      isAdmin: false,
      hasCompany: false,
    });

    // A brand-new account has no notifications yet.
    await page.goto('/notifications');
    await expect(page.getByTestId('notifications-empty')).toHaveText('No notification');
    await expect(page.getByTestId('notifications-pager')).toHaveCount(0);
  });

  test('an admin uses forgot password and lands on /account/company-list', async ({ page }) => {
    const seen = setPasswordMailCount(DEMO.admin);
    await page.goto('/home');
    await page.getByTestId('login-button').click();
    const modal = loginModal(page);
    await modal.getByRole('button', { name: 'Forgot password?' }).click();
    await modal.getByLabel('Email').fill(DEMO.admin);
    await modal.getByRole('button', { name: 'Send the link' }).click();
    await expect(modal.getByTestId('forgot-done')).toBeVisible();
    const link = await setPasswordLink(DEMO.admin, seen);
    await page.goto(relative(link));
    await page.getByLabel('New password').fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/account\/company-list$/);
    expect(JSON.parse((await storage(page)).user ?? '{}')).toMatchObject({ isAdmin: true });
  });

  test('a company owner (in Arabic) lands on the home page', async ({ page }) => {
    await useSession(page, null, 'ar');
    const seen = setPasswordMailCount(DEMO.owner);
    await apiCall(null, 'POST', '/auth/forgot-password', { email: DEMO.owner });
    const link = await setPasswordLink(DEMO.owner, seen);
    await page.goto(relative(link));
    await page.getByLabel(T.ar.newPassword).fill(DEMO_PASSWORD);
    await page.getByLabel(T.ar.confirmPassword).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: T.ar.savePassword }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(JSON.parse((await storage(page)).user ?? '{}')).toMatchObject({
      hasCompany: true,
      isAdmin: false,
    });
    await expect(page.getByTestId('profile-link')).toHaveAttribute('href', '/account');
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`without a token the page says so (${lang})`, async ({ page }) => {
      await useSession(page, null, lang);
      await page.goto('/set-password');
      await expect(page.getByTestId('missing-token')).toHaveText(T[lang].missingToken);
      await expect(page.getByRole('button', { name: T[lang].savePassword })).toBeDisabled();
    });
  }
});

test.describe('notifications page', () => {
  test('4 per page with arrows and page / total, contract icon for tender notifications', async ({
    page,
  }) => {
    const user = await freshUser('Paging User');
    await useSession(page, user);
    for (let i = 0; i < 4; i++) await sendServiceRequest(user.accessToken, `Paging ${i} ${Date.now()}`);
    // The newest: the owner approved the user's interest in a tender (linked to it).
    await approvedInterest(user.accessToken);
    const all = await apiCall<{ id: number }[]>(user.accessToken, 'GET', '/notification?limit=50');
    expect(all).toHaveLength(5);
    expect(all.length).toBeGreaterThan(4);
    await page.goto('/notifications');
    const list = page.getByTestId('notifications-page-list');
    await expect(list.getByTestId('notification-item')).toHaveCount(4);
    await expect(list.getByTestId('notification-item').first()).toHaveAttribute('data-icon', 'contract');
    await expect(list.getByTestId('notification-item').nth(1)).toHaveAttribute('data-icon', 'bell');
    const pages = Math.ceil(all.length / 4);
    const label = page.getByTestId('notifications-page-label');
    await expect(label).toHaveText(`1 / ${pages}`);
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(label).toHaveText(`2 / ${pages}`);
    // The last page holds the oldest (the server pages by cursor: every notification is reachable).
    await expect(list.getByTestId('notification-item')).toHaveCount(all.length - 4);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(label).toHaveText(`1 / ${pages}`);
    // The relative time is shown for each item.
    await expect(list.locator('time').first()).toHaveText(/second|minute|now/);
  });

  test('the stream reconnects after a drop and replays what was missed (Last-Event-ID)', {
    tag: '@smoke',
  }, async ({ page }) => {
    const bidder = await signInAs(page, DEMO.bidder);
    const [latest] = await apiCall<{ id: number }[]>(bidder.accessToken, 'GET', '/notification?limit=1');
    const lastId = latest?.id ?? 0;
    const lastEventIds: (string | undefined)[] = [];
    let first = true;
    await page.route('**/api/v1/notification/subscribe', async (route) => {
      lastEventIds.push(route.request().headers()['last-event-id']);
      if (first) {
        first = false;
        // The first connection delivers one event id, then drops…
        await route.fulfill({
          status: 200,
          headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
          body: `retry: 1000\n\nid: ${lastId}\ndata: {}\n\n`,
        });
        // …and a notification is created while the page is disconnected.
        await sendServiceRequest(bidder.accessToken, `While offline ${Date.now()}`);
        return;
      }
      await route.continue();
    });
    await page.goto('/home');
    await expect(toast(page, T.en.sent)).toBeVisible({ timeout: 15_000 });
    expect(lastEventIds[0]).toBeUndefined();
    expect(lastEventIds[1]).toBe(String(lastId));
  });
});

test.describe('service worker', () => {
  test('registers in production after the app has been stable for 30 s, and never serves remotes', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/home');
    await page.waitForTimeout(5000);
    expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))).toBe(
      false,
    );
    await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.getRegistration()), null, {
      timeout: 45_000,
      polling: 1000,
    });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Controlled page: hashed chunks may come from the worker, remote manifests and the API never do.
    const fromWorker: string[] = [];
    page.on('response', (r) => {
      if (r.fromServiceWorker()) fromWorker.push(new URL(r.url()).pathname);
    });
    await page.reload();
    await page.goto('/service');
    await expect(page.locator('[data-testid="remote-frame"][data-remote="directory"]')).toBeVisible();
    await page.reload();
    await expect(page.locator('[data-testid="remote-frame"][data-remote="directory"]')).toBeVisible();
    expect(fromWorker.some((p) => /\.[0-9a-f]{8}\.js$/.test(p))).toBe(true);
    expect(fromWorker.filter((p) => /mf-manifest|remoteEntry|remotes\.json|\/api\//.test(p))).toEqual([]);
  });
});

/**
 * Sums the page's layout shifts (CLS as Lighthouse counts a load: every shift without recent input) from the
 * browser's layout-shift entries, from the first navigation on; `layoutShifts` reads the sum and, for the failure
 * message, which elements moved.
 */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifted: string[]; __shifts: PerformanceObserver };
    w.__cls = 0;
    w.__shifted = [];
    const nameOf = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.getAttribute('data-testid') ? `[data-testid=${node.getAttribute('data-testid')}]` : ''} "${(node.textContent ?? '').slice(0, 30)}"`
        : String(node?.nodeName);
    const count = (entries: PerformanceEntryList) => {
      for (const entry of entries as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        w.__shifted.push(
          `${entry.value.toFixed(3)}: ${(entry.sources ?? []).map((s) => nameOf(s.node)).join(', ')}`,
        );
      }
    };
    w.__shifts = new PerformanceObserver((list) => count(list.getEntries()));
    w.__shifts.observe({ type: 'layout-shift', buffered: true });
    (w as unknown as { __count: typeof count }).__count = count;
  });
}

/** The shifts so far, including those the browser has recorded but not yet handed to the observer. */
const layoutShifts = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    const w = window as unknown as {
      __cls: number;
      __shifted: string[];
      __shifts: PerformanceObserver;
      __count: (entries: PerformanceEntryList) => void;
    };
    w.__count(w.__shifts.takeRecords());
    return { cls: w.__cls, shifted: w.__shifted };
  });

// Every page paints before any JavaScript: /home, /tender and /service rendered on the server (the same elements React
// hydrates: `server`), /about, /terms and /open-data whole and the top of /contact-us prerendered into the static
// shell of host/index.html (host/build/prerender.ts), which React replaces at the same pixels; content arriving later
// does not move what is on screen (CLS, summed from the browser's layout-shift entries).
test.describe('static shell before JavaScript', () => {
  type Box = { x: number; y: number; width: number; height: number } | null;
  /** Per page: [static selector, React selector] pairs that must coincide, and the static h1's text. */
  const PAGES = {
    '/home': {
      ready: 'host-page-home',
      server: true,
      heading: {
        en: 'Find trusted service providers and winning tenders in Qatar',
        ar: 'اعثر على مزوّدي خدمات موثوقين ومناقصات رابحة في قطر',
      },
      pairs: {
        header: ['header', 'header'],
        heading: ['[data-testid=host-page-home] h1', '[data-testid=host-page-home] h1'],
        intro: ['[data-testid=host-page-home] section p', '[data-testid=host-page-home] section p'],
        search: ['[data-testid=host-page-home] form > div', '[data-testid=host-page-home] form > div'],
      },
    },
    '/tender': {
      ready: 'tender-banner',
      server: true,
      heading: { en: 'Tenders', ar: 'المناقصات' },
      pairs: {
        header: ['header', 'header'],
        banner: ['[data-testid=tender-banner]', '[data-testid=tender-banner]'],
        intro: ['[data-testid=tender-banner] p', '[data-testid=tender-banner] p'],
        button: ['[data-testid=submit-your-tender]', '[data-testid=submit-your-tender]'],
      },
    },
    '/service': {
      ready: 'directory-banner',
      server: true,
      heading: { en: 'Company directory', ar: 'دليل الشركات' },
      pairs: {
        header: ['header', 'header'],
        banner: ['[data-testid=directory-banner]', '[data-testid=directory-banner]'],
        intro: ['[data-testid=directory-banner] p', '[data-testid=directory-banner] p'],
        button: ['[data-testid=register-your-company]', '[data-testid=register-your-company]'],
      },
    },
    // Prerendered from the React pages (host/build/prerender.ts): the whole page, both languages in the file.
    '/about': {
      ready: 'host-page-about',
      heading: { en: 'About Bawaba', ar: 'عن بوابة' },
      pairs: {
        header: ['#bw-static header', 'header'],
        page: ['#bw-static .bw-pre-about > :visible > div', '[data-testid=host-page-about]'],
        heading: ['#bw-static .bw-pre-about h1:visible', '[data-testid=host-page-about] h1'],
        intro: ['#bw-static .bw-pre-about p:visible >> nth=0', '[data-testid=host-page-about] p'],
        values: [
          '#bw-static .bw-pre-about section:visible >> nth=2',
          '[data-testid=host-page-about] section >> nth=2',
        ],
      },
    },
    '/terms': {
      ready: 'host-page-terms',
      heading: { en: 'Terms and conditions', ar: 'الشروط والأحكام' },
      pairs: {
        header: ['#bw-static header', 'header'],
        page: ['#bw-static .bw-pre-terms > :visible > div', '[data-testid=host-page-terms]'],
        updated: ['#bw-static .bw-pre-terms p:visible >> nth=0', '[data-testid=terms-updated]'],
        list: ['#bw-static .bw-pre-terms ul:visible', '[data-testid=host-page-terms] ul'],
        last: [
          '#bw-static .bw-pre-terms section:visible >> nth=3',
          '[data-testid=host-page-terms] section >> nth=3',
        ],
      },
    },
    '/open-data': {
      ready: 'host-page-open-data',
      heading: { en: 'Open data publication policy', ar: 'سياسة نشر البيانات المفتوحة' },
      pairs: {
        header: ['#bw-static header', 'header'],
        page: ['#bw-static .bw-pre-open-data > :visible > div', '[data-testid=host-page-open-data]'],
        heading: ['#bw-static .bw-pre-open-data h1:visible', '[data-testid=host-page-open-data] h1'],
        reviewed: ['#bw-static .bw-pre-open-data p:visible >> nth=1', '[data-testid=open-data-reviewed]'],
        access: [
          '#bw-static .bw-pre-open-data section:visible >> nth=7',
          '[data-testid=host-page-open-data] section >> nth=7',
        ],
      },
    },
    // Its top only (ContactUsIntro: the heading and the intro, the page's LCP element), the loading indicator below.
    '/contact-us': {
      ready: 'host-page-contact-us',
      heading: { en: 'Contact us', ar: 'اتصل بنا' },
      pairs: {
        header: ['#bw-static header', 'header'],
        top: [
          '#bw-static .bw-pre-contact-us > :visible > div',
          '[data-testid=host-page-contact-us] > div >> nth=0',
        ],
        heading: ['#bw-static .bw-pre-contact-us h1:visible', '[data-testid=host-page-contact-us] h1'],
        intro: ['#bw-static .bw-pre-contact-us p:visible', '[data-testid=host-page-contact-us] p >> nth=0'],
      },
    },
  } as const;
  for (const lang of ['en', 'ar'] as const) {
    test(`paints without JavaScript and React takes over without moving anything (${lang})`, async ({
      page,
    }) => {
      await useSession(page, null, lang);
      await watchLayoutShifts(page);
      await page.setViewportSize({ width: 412, height: 823 });

      for (const [path, spec] of Object.entries(PAGES)) {
        await page.route(/\.js(\?.*)?$/, (route) => route.abort());
        scriptsBlocked(page, true);
        await page.goto(path);
        const server = 'server' in spec && spec.server;
        await expect(page.locator(server ? 'h1:visible' : '#bw-static h1:visible')).toHaveText(
          spec.heading[lang],
          {
            useInnerText: true,
          },
        );
        const before: Record<string, Box> = {};
        for (const [key, [staticSelector]] of Object.entries(spec.pairs)) {
          before[key] = await page.locator(staticSelector).boundingBox();
        }

        await page.unroute(/\.js(\?.*)?$/);
        scriptsBlocked(page, false);
        await page.goto(path);
        await expect(page.getByTestId(spec.ready)).toBeVisible();
        await expect(page.locator('#bw-static')).toHaveCount(0);
        await expect(page.getByRole('heading', { level: 1, name: spec.heading[lang] })).toBeVisible();
        for (const [key, [, reactSelector]] of Object.entries(spec.pairs)) {
          const after = await page.locator(reactSelector).first().boundingBox();
          for (const side of ['x', 'y', 'width', 'height'] as const) {
            expect(
              Math.abs((after?.[side] ?? -1) - (before[key]?.[side] ?? -99)),
              `${path} ${key}.${side}`,
            ).toBeLessThan(1);
          }
        }
        await page.waitForLoadState('networkidle');
        expect((await layoutShifts(page)).cls, `${path} CLS`).toBeLessThan(0.05);
      }
    });
  }
});

// A company's page, signed in (Lighthouse measured CLS 0.093 there): the profile comes after its data, its description
// after the HTML sanitizer (a chunk of its own), the follow toggles after GET /follows, the map's iframe after that;
// none of it may move what is already on screen.
test.describe('a company page while its parts arrive', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`nothing on screen moves (${lang})`, async ({ page }) => {
      const owner = await apiLogin(DEMO.owner);
      const company = await apiCall<{ id: number }>(owner.accessToken, 'GET', '/companies/mine');
      await useSession(page, await apiLogin(DEMO.bidder), lang);
      await watchLayoutShifts(page);
      await page.setViewportSize({ width: 412, height: 823 });
      await page.goto(`/companies/${company.id}`);
      await expect(page.getByTestId('company-description')).not.toBeEmpty();
      await expect(page.getByTestId('follow-toggle').first()).toBeVisible();
      await expect(page.getByTestId('company-logo')).toHaveJSProperty('complete', true);
      const { cls, shifted } = await layoutShifts(page);
      expect(cls, `CLS; the shifts: ${shifted.join(' | ')}`).toBeLessThan(0.05);
    });
  }
});
