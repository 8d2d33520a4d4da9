import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { type AuthResult, apiLogin, type Lang } from './session.ts';

/**
 * Accessibility helpers: axe with the WCAG 2.0/2.1/2.2 A + AA rules, one sign-in per demo account, and the
 * keyboard walk.
 */

export const LANGS: readonly Lang[] = ['en', 'ar'];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Let transitions end (dialogs fading in, drawers sliding) so colours are measured as the user sees them. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('main .chakra-spinner, main .chakra-skeleton')).toHaveCount(0, {
    timeout: 30_000,
  });
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((a) =>
        Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY)),
      );
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * axe on the current page (whole document) with the WCAG A/AA tags. Returns the serious and critical
 * violations as readable lines (empty = pass). Third-party iframes (the map embeds) are not our markup:
 * their contents are skipped, but each must carry a title (axe's frame-title rule, checked here).
 */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  await settle(page);
  const untitled = await page.locator('iframe:not([title]), iframe[title=""]').count();
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).exclude('iframe').analyze();
  const lines = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`,
          )
          .join(' | ')}`,
    );
  if (untitled) lines.push(`${label}: frame-title (serious) ${untitled} iframe(s) without a title`);
  return lines;
}

/** Assert no serious/critical violation on the current page. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  expect(await seriousViolations(page, label)).toEqual([]);
}

const sessions = new Map<string, Promise<AuthResult>>();
/** One sign-in per demo account per worker. */
export function demoSession(email: string): Promise<AuthResult> {
  let auth = sessions.get(email);
  if (!auth) {
    auth = apiLogin(email);
    sessions.set(email, auth);
  }
  return auth;
}

// ---------- keyboard ----------

/** What has the focus, for messages. */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const id = el.getAttribute('data-testid') ?? el.getAttribute('name') ?? el.getAttribute('aria-label');
    return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  });
}

/**
 * Press Tab (or Shift+Tab) until `target` has the focus, like a keyboard user walking the page; fails after
 * `max` presses. Checks the visible focus indicator on the way (every stop, so no control hides its focus).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 80 }: { back?: boolean; max?: number } = {},
): Promise<void> {
  await expect(target).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
      return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page);
  }
  throw new Error(
    `${back ? 'Shift+Tab' : 'Tab'} never reached the target; focus is on ${await describeFocus(page)}`,
  );
}

/**
 * The focused element shows a focus indicator: its own outline or ring (box-shadow), or — for a visually
 * hidden native input (checkbox, radio) — the control drawn for it. Focus on <body> fails too.
 */
export async function expectFocusVisible(page: Page): Promise<void> {
  const problem = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'the focus is lost (on <body>)';
    const ring = (e: Element) => {
      const s = getComputedStyle(e);
      return (
        (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) ||
        (s.boxShadow !== 'none' && s.boxShadow !== '')
      );
    };
    if (ring(el)) return null;
    // A date input's calendar button lives in the browser's own shadow tree, which draws its focus ring
    // (the input itself then no longer matches :focus).
    if (el instanceof HTMLInputElement && /date|time|month|week/.test(el.type) && !el.matches(':focus'))
      return null;
    const root = el.closest('label') ?? el.parentElement;
    const control = root?.querySelector('[data-focus-visible]');
    if (control && ring(control)) return null;
    const id =
      el.getAttribute('data-testid') ?? el.getAttribute('name') ?? el.getAttribute('aria-label') ?? '';
    return `no visible focus indicator on ${el.tagName.toLowerCase()}[${id}] "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  });
  expect(problem).toBeNull();
}

/** Tab and Shift+Tab many times inside an open dialog: the focus never leaves it. */
export async function expectFocusTrapped(page: Page, dialog: Locator, presses = 12): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((d) => d.contains(document.activeElement));
      expect(inside, `${key} #${i + 1} left the dialog for ${await describeFocus(page)}`).toBe(true);
    }
  }
}

/** The focused element is (inside) `target`. */
export async function expectFocusIn(target: Locator): Promise<void> {
  await expect
    .poll(() => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
    .toBe(true);
}
