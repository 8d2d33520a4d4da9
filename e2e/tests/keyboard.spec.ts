import {
  expectAccessible,
  expectFocusIn,
  expectFocusTrapped,
  expectFocusVisible,
  LANGS,
  tabTo,
} from '../support/a11y.ts';
import { openTenders, PDF } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD, registerUser, useSession } from '../support/session.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * Keyboard only: Tab, Shift+Tab, Enter, Space, Escape and arrow keys — no mouse click anywhere.
 * Sign in from the nav, request a service from the directory, and the whole proposal wizard; on the way:
 * a visible focus indicator at every stop, the focus trapped in every dialog and back where it was after,
 * and the skip link. The file chooser opens from its button with Enter; Playwright then picks the file.
 */

const SLOW = 30_000;

async function press(page: Page, key: string) {
  await page.keyboard.press(key);
}

/** Type into the focused field (select-all first, so a prefilled value is replaced). */
async function typeHere(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

for (const lang of LANGS) {
  test.describe(`keyboard, ${lang}`, () => {
    test('skip link, then sign in from the nav: focus in the modal, trapped, back in the page', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await useSession(page, null, lang);
      await page.goto('/home');
      await expect(page.getByTestId('host-page-home')).toBeVisible({ timeout: SLOW });

      // The first Tab stop is the skip link; Enter moves the focus to the main content.
      await press(page, 'Tab');
      const skip = page.getByTestId('skip-to-content');
      await expectFocusIn(skip);
      await expect(skip).toBeVisible();
      await expectFocusVisible(page);
      await press(page, 'Enter');
      await expectFocusIn(page.locator('main'));

      // Escape closes the modal and gives the focus back to the Login button.
      const login = page.getByTestId('login-button');
      await tabTo(page, login, { back: true });
      await press(page, 'Enter');
      const modal = page.getByTestId('login-modal');
      await expect(modal).toBeVisible();
      await expectFocusIn(modal);
      await expectFocusTrapped(page, modal);
      await press(page, 'Escape');
      await expect(modal).toBeHidden();
      await expectFocusIn(login);

      // Again, and sign in with the keyboard.
      await press(page, 'Enter');
      await expect(modal).toBeVisible();
      const email = modal.locator('input[name="email"]');
      await tabTo(page, email);
      await typeHere(page, DEMO.bidder);
      await tabTo(page, modal.locator('input[name="password"]'));
      await typeHere(page, DEMO_PASSWORD);
      await press(page, 'Enter');
      await expect(modal).toBeHidden({ timeout: SLOW });
      await expect(page.getByTestId('profile-link')).toBeVisible();
      // The Login button is gone: the focus goes to the account link that replaced it, not to <body>.
      await expectFocusIn(page.getByTestId('profile-link'));
      await expectFocusVisible(page);
    });

    test('request a service: directory → company → form → success dialog → directory', async ({ page }) => {
      test.setTimeout(180_000);
      const user = await registerUser(`Keyboard request ${lang}`);
      await useSession(page, user, lang);
      await page.goto('/service');
      const card = page.getByTestId('company-card').first();
      await expect(card).toBeVisible({ timeout: SLOW });

      const cardLink = card.locator('a[href^="/companies/"]').first();
      const href = (await cardLink.getAttribute('href'))!;
      const id = href.split('/').pop();
      await tabTo(page, cardLink, { max: 150 });
      await press(page, 'Enter');
      await expect(page).toHaveURL(new RegExp(`/companies/${id}$`));
      const request = page.locator(`a[href="/request-service/${id}"]`);
      await tabTo(page, request);
      await press(page, 'Enter');
      await expect(page).toHaveURL(new RegExp(`/request-service/${id}$`));

      const form = page.getByTestId('request-form');
      await expect(form).toBeVisible({ timeout: SLOW });
      await expectAccessible(page, `${lang} request form`);
      await tabTo(page, form.locator('[name="phone"]'));
      await typeHere(page, '97455001122');
      // The first service: its checkbox is ticked with Space.
      const checkbox = form.locator('input[type="checkbox"]').first();
      await tabTo(page, checkbox);
      await press(page, 'Space');
      await expect(checkbox).toBeChecked();
      await tabTo(page, form.locator('[name="project_title"]'));
      await typeHere(page, `Keyboard request (${lang})`);
      await press(page, 'Tab');
      await expectFocusIn(form.locator('[name="description"]'));
      await page.keyboard.type('Sent without a mouse.');
      const send = form.locator('button[type="submit"]');
      await expect(send).toBeEnabled();
      await tabTo(page, send);
      await press(page, 'Enter');

      const popup = page.getByTestId('popup');
      await expect(popup).toBeVisible({ timeout: SLOW });
      await expect(popup).toHaveAttribute('data-kind', 'success');
      await expectFocusIn(popup);
      await expectAccessible(page, `${lang} request sent dialog`);
      await expectFocusTrapped(page, popup, 4);
      await press(page, 'Escape');
      await expect(popup).toBeHidden();
      await expect(page).toHaveURL(/\/service$/);
      await expect(page.getByTestId('company-card').first()).toBeVisible({ timeout: SLOW });
    });

    test('the proposal wizard: every step, two milestones, a document, the breakdown dialog, submit', async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const user = await registerUser(`Keyboard wizard ${lang}`);
      const [tender] = await openTenders(user.accessToken, false);
      expect(tender, 'an open tender without fee or bond').toBeTruthy();
      await useSession(page, user, lang);
      await page.goto(`/submit-proposal/${tender!.id}`);
      const wizard = page.getByTestId('proposal-wizard');
      await expect(wizard).toHaveAttribute('data-step', '0', { timeout: SLOW });
      const next = page.getByTestId('wizard-next');

      // Step 0: title, description, the supporting document (Enter on its button opens the chooser).
      await tabTo(page, page.locator('[name="title"]'));
      await typeHere(page, `Keyboard proposal (${lang})`);
      await press(page, 'Tab');
      await expectFocusIn(page.locator('textarea[name="description"]'));
      await page.keyboard.type('Supply and install, planned step by step.');
      const choose = page.getByTestId('attachment-upload').getByRole('button');
      await tabTo(page, choose);
      const chooser = page.waitForEvent('filechooser');
      await press(page, 'Enter');
      await (await chooser).setFiles({ name: 'offer.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(page.getByTestId('attachment-upload').getByTestId('uploaded-file')).toBeVisible({
        timeout: SLOW,
      });
      await tabTo(page, next);
      await press(page, 'Enter');
      await expect(wizard).toHaveAttribute('data-step', '1');
      // The focus moves to the new step, not to <body>.
      await expectFocusIn(page.getByTestId('wizard-step-panel'));

      // Step 1: value, duration, payment terms with the arrow keys, the breakdown dialog.
      await tabTo(page, page.locator('[name="offer_price"]'));
      await typeHere(page, '150000');
      await tabTo(page, page.locator('[name="period"]'));
      await typeHere(page, '90');
      const terms = page.locator('[name="payment_terms"]');
      await tabTo(page, terms);
      const before = await terms.inputValue();
      await press(page, 'ArrowDown');
      await expect(terms).not.toHaveValue(before);
      const openBreakdown = page.getByTestId('open-breakdown');
      await tabTo(page, openBreakdown);
      await press(page, 'Enter');
      const dialog = page.getByTestId('breakdown-dialog');
      await expect(dialog).toBeVisible();
      await expectFocusIn(dialog);
      await expectAccessible(page, `${lang} breakdown dialog`);
      await tabTo(page, dialog.locator('[name="breakdown.0.name"]'));
      await typeHere(page, 'Cameras');
      await tabTo(page, dialog.locator('[name="breakdown.0.quantity"]'));
      await typeHere(page, '40');
      await tabTo(page, dialog.locator('[name="breakdown.0.unitPrice"]'));
      await typeHere(page, '2500');
      await expectFocusTrapped(page, dialog, 6);
      await tabTo(page, dialog.getByTestId('breakdown-save'));
      await press(page, 'Enter');
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('breakdown-row')).toHaveCount(1);
      await expectFocusIn(openBreakdown);
      await tabTo(page, next);
      await press(page, 'Enter');
      await expect(wizard).toHaveAttribute('data-step', '2');
      await expectFocusIn(page.getByTestId('wizard-step-panel'));

      // Step 2: two milestones (dates typed into the date fields), a document on the first.
      const fillMilestone = async (i: number) => {
        const field = (name: string) => page.locator(`[name="milestones.${i}.${name}"]`);
        await tabTo(page, field('title'));
        await typeHere(page, `Phase ${i + 1}`);
        await tabTo(page, field('amount'));
        await typeHere(page, '50000');
        await tabTo(page, field('description'));
        await typeHere(page, 'Deliverables');
        await tabTo(page, field('period'));
        await typeHere(page, '30');
        for (const [name, value] of [
          ['start_date', `0${i + 2}012027`],
          ['end_date', `0${i + 2}282027`],
          ['expected_completion_date', `0${i + 2}282027`],
        ] as const) {
          await tabTo(page, field(name));
          await page.keyboard.type(value);
          await expect(field(name)).toHaveValue(`2027-0${i + 2}-${value.slice(2, 4)}`);
        }
      };
      await fillMilestone(0);
      const docs = page.getByTestId('milestone-0-documents').getByRole('button', { name: /./ }).last();
      await tabTo(page, docs);
      const docChooser = page.waitForEvent('filechooser');
      await press(page, 'Enter');
      await (await docChooser).setFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(page.getByTestId('milestone-0-documents').getByTestId('uploaded-file')).toBeVisible({
        timeout: SLOW,
      });
      await tabTo(page, page.getByTestId('add-milestone'));
      await press(page, 'Enter');
      await expect(page.getByTestId('milestone-card')).toHaveCount(2);
      // The new milestone's title has the focus.
      await expectFocusIn(page.locator('[name="milestones.1.title"]'));
      await fillMilestone(1);
      await tabTo(page, next);
      await press(page, 'Enter');
      await expect(wizard).toHaveAttribute('data-step', '3');
      await expectFocusIn(page.getByTestId('wizard-step-panel'));
      await expect(page.getByTestId('review-milestone')).toHaveCount(2);
      await expectAccessible(page, `${lang} wizard review step`);

      // Shift+Tab reaches Previous; Enter goes back one step, then forward again.
      await tabTo(page, page.getByTestId('wizard-previous'));
      await press(page, 'Enter');
      await expect(wizard).toHaveAttribute('data-step', '2');
      await tabTo(page, next);
      await press(page, 'Enter');
      await expect(wizard).toHaveAttribute('data-step', '3');

      // Submit → the confirmation (focus inside, trapped) → Enter on Submit → the success dialog.
      const submit = page.getByTestId('wizard-submit');
      await tabTo(page, submit);
      await press(page, 'Enter');
      const popup = page.getByTestId('popup');
      await expect(popup).toHaveAttribute('data-kind', 'confirm');
      await expectFocusIn(popup);
      await expectAccessible(page, `${lang} submit confirmation`);
      await expectFocusTrapped(page, popup, 4);
      const confirm = popup.getByRole('button').last();
      await tabTo(page, confirm);
      await press(page, 'Enter');
      await expect(popup).toHaveAttribute('data-kind', 'success', { timeout: SLOW });
      await expectFocusIn(popup);
      await press(page, 'Enter');
      await expect(popup).toBeHidden();
      await expect(page).toHaveURL(/\/account\/submitted-proposals$/);
      await expect(page.getByTestId('proposal-card').first()).toBeVisible({ timeout: SLOW });
      // The popup opened on the wizard, which is gone now: the browser restarts from the page (the shared
      // PopupHost has no fallback target yet), so the next Tab lands on a visible stop of the new page.
      await press(page, 'Tab');
      await expectFocusVisible(page);
    });
  });
}
