import { readFileSync } from 'node:fs';
import { openLive, pageAs } from '../support/live.ts';
import { apiLogin, DEMO, type Lang, registerUser } from '../support/session.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * Platform admins manage people in the composed site: an admin finds a person on Account → Users and suspends them
 * with a reason while that person has a page open in another browser; the open page loses access at once (signed
 * out with the shell's translated warning), signing in again is refused with the translated suspension message;
 * the admin restores the account and sign-in works; Account → Audit log shows both actions with the reason.
 */

const TEXT = {
  en: {
    unauthorized: "You're not authorized to perform action",
    suspended: 'This account is suspended. Please contact the Bawaba team.',
    retry: 'Retry',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    suspendedBadge: 'Suspended',
    suspendAction: 'Suspended a user',
    restoreAction: 'Restored a user',
    reason: 'Posted fake tenders',
  },
  ar: {
    unauthorized: 'غير مصرح لك بتنفيذ هذا الإجراء',
    suspended: 'هذا الحساب موقوف. يرجى التواصل مع فريق بوابة.',
    retry: 'إعادة المحاولة',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
    suspendedBadge: 'موقوف',
    suspendAction: 'أوقف مستخدماً',
    restoreAction: 'أعاد تفعيل مستخدم',
    reason: 'نشر مناقصات وهمية',
  },
} as const;

const popup = (page: Page) => page.getByTestId('popup');

/** Signs in through the sign-in modal (opened from the top bar unless the shell already opened it). */
async function signInThroughModal(page: Page, lang: Lang, email: string, password: string) {
  const modal = page.getByTestId('login-modal');
  await expect(async () => {
    if (!(await modal.isVisible())) await page.getByTestId('login-button').click({ timeout: 1000 });
    await expect(modal).toBeVisible({ timeout: 1000 });
  }).toPass();
  await modal.getByLabel(TEXT[lang].email).fill(email);
  await modal.getByLabel(TEXT[lang].password, { exact: false }).fill(password);
  await modal.getByRole('button', { name: TEXT[lang].signIn, exact: true }).click();
}

for (const lang of ['en', 'ar'] as const) {
  test(`an admin suspends a signed-in person, who loses access at once, then restores them (${lang})`, async ({
    browser,
  }) => {
    const t = TEXT[lang];
    const person = await registerUser(`Suspended ${lang}`);
    const personPage = await pageAs(browser, person, lang);
    await openLive(personPage, '/account');
    await expect(personPage.getByTestId('account-page-profile')).toBeVisible();

    const admin = await pageAs(browser, await apiLogin(DEMO.admin), lang);
    await admin.goto('/account/users');
    await admin.getByTestId('user-search').fill(person.email);
    const row = admin.getByTestId('user-row').filter({ hasText: person.email });
    await expect(row).toHaveCount(1);
    await expect(admin.getByTestId('user-row')).toHaveCount(1);
    await row.getByTestId('open-user').click();
    const detail = admin.getByTestId('user-detail');
    await detail.getByTestId('suspend-user').click();
    const dialog = admin.getByTestId('admin-dialog');
    await dialog.getByTestId('admin-reason').fill(t.reason);
    await dialog.getByTestId('admin-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(detail.getByTestId('user-suspension')).toContainText(t.reason);
    await expect(row.getByTestId('user-suspended')).toHaveText(t.suspendedBadge);

    // The person's open page is signed out live, with the shell's warning in their language.
    await expect(popup(personPage).getByText(t.unauthorized)).toBeVisible();
    await popup(personPage).getByRole('button', { name: t.retry }).click();
    await expect(personPage.getByTestId('login-button')).toBeVisible();

    // Signing in again is refused with the suspension message in their language.
    await signInThroughModal(personPage, lang, person.email, person.password);
    await expect(personPage.getByTestId('login-modal').getByText(t.suspended)).toBeVisible();
    await personPage.keyboard.press('Escape');
    await expect(personPage.getByTestId('login-modal')).toBeHidden();

    // Restored (no reason needed): sign-in works again.
    await detail.getByTestId('restore-user').click();
    await dialog.getByTestId('admin-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('user-suspended')).toHaveCount(0);
    await expect(detail.getByTestId('suspend-user')).toBeVisible();
    await personPage.reload();
    await signInThroughModal(personPage, lang, person.email, person.password);
    await expect(personPage.getByTestId('login-modal')).toBeHidden();
    await expect(personPage.getByTestId('profile-link')).toBeVisible();

    // The audit log shows both, newest first, with the reason of the suspension.
    await admin.goto('/account/audit-log');
    await admin.getByTestId('audit-search').fill(person.email);
    const rows = admin.getByTestId('audit-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-action', 'user.restore');
    await expect(rows.nth(0)).toContainText(t.restoreAction);
    await expect(rows.nth(1)).toHaveAttribute('data-action', 'user.suspend');
    await expect(rows.nth(1)).toContainText(t.suspendAction);
    await expect(rows.nth(1).getByTestId('audit-reason')).toHaveText(t.reason);
    // The export is the filtered log as a CSV file, named by the server.
    const saving = admin.waitForEvent('download');
    await admin.getByTestId('audit-export').click();
    const file = await saving;
    expect(file.suggestedFilename()).toMatch(/^admin-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv).toContain('user.suspend');
    expect(csv).toContain('user.restore');
    expect(csv).toContain(t.reason);

    await personPage.context().close();
    await admin.context().close();
  });
}
