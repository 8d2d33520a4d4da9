import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { ACCOUNT_PAGES } from '../../remote-account/src/page-table.ts';
import { type PageAccess, pagePattern } from '../../shared/src/pages/index.ts';
import { type AuthResult, apiLogin, type Lang } from './session.ts';

/**
 * Accessibility helpers: the route table read from the source, axe with the WCAG 2.0/2.1/2.2
 * A + AA rules, one sign-in per demo account, and the keyboard walk.
 */

export const LANGS: readonly Lang[] = ['en', 'ar'];

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const source = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The block of `text` from `start` to its matching closing bracket. */
function block(text: string, start: number): string {
  const open = text[start];
  const close = open === '{' ? '}' : ']';
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === open) depth++;
    else if (text[i] === close && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error('unbalanced block');
}

/** The `key: value` pairs at the top level of an object literal's text (values as text). */
function topLevelEntries(object: string): [string, string][] {
  const out: [string, string][] = [];
  let depth = 0;
  let i = 1;
  while (i < object.length - 1) {
    const ch = object[i]!;
    if (depth === 0) {
      const m = /^\s*'?([a-z][a-z-]*)'?:\s*/.exec(object.slice(i));
      if (m && /[{,\s]/.test(object[i - 1]!)) {
        const at = i + m[0].length;
        const value =
          object[at] === '[' || object[at] === '{' ? block(object, at) : /^[\w.]+/.exec(object.slice(at))![0];
        out.push([m[1]!, value]);
        i = at + value.length;
        continue;
      }
    }
    if (ch === '{' || ch === '[' || ch === '(') depth++;
    else if (ch === '}' || ch === ']' || ch === ')') depth--;
    i++;
  }
  return out;
}

/** Route patterns under one segment, read from a remote's route objects (`index: true`, `path: '…'`). */
function childPatterns(routes: string, prefix: string): string[] {
  const out: string[] = [];
  for (const m of routes.matchAll(/index:\s*true|path:\s*'([^']+)'/g)) {
    if (m[1] === '*') continue; // a fallback inside the segment, not a page
    out.push(m[1] ? `${prefix}/${m[1]}` : prefix);
  }
  return out;
}

/**
 * Every page pattern of the site, from the route tables themselves: the host's pages in host/src/routes.tsx,
 * each remote's segments in src/exposes/routes.tsx (and the account remote's src/pages/routes.tsx). A new route in
 * any of them shows up here, so a spec that compares this list with what it visits fails until it is covered.
 */
export function declaredRoutes(): string[] {
  const routes = new Set<string>();
  const host = source('host/src/routes.tsx');
  const pages = block(host, host.indexOf('{', host.indexOf('const hostPages')));
  for (const m of pages.matchAll(/^ {2}'?([a-z-]+)'?:/gm)) routes.add(`/${m[1]}`);
  for (const remote of ['directory', 'tenders', 'account']) {
    const exposes = source(`remote-${remote}/src/exposes/routes.tsx`);
    // framedSegments(frameProps, segmentTable): skip the first object, read the second.
    const call = exposes.indexOf('framedSegments(', exposes.indexOf('export const segments'));
    const frame = block(exposes, exposes.indexOf('{', call));
    const second = block(exposes, exposes.indexOf('{', exposes.indexOf(frame, call) + frame.length));
    for (const [key, value] of topLevelEntries(second)) {
      const segment = `/${key}`;
      // Inline route objects; the account remote's pages come from its page table.
      if (!value.startsWith('[')) continue;
      const routesText = value;
      for (const p of childPatterns(routesText, segment)) routes.add(p);
    }
  }
  for (const page of Object.values(ACCOUNT_PAGES)) routes.add(pagePattern(page));
  // Every segment the apps table gives a remote must have produced at least one page.
  const apps = source('shared/src/federation/apps.ts');
  for (const m of apps.matchAll(/segments:\s*\[([^\]]*)\]/g)) {
    for (const seg of m[1]!.matchAll(/'([a-z-]+)'/g)) {
      if (![...routes].some((r) => r === `/${seg[1]}` || r.startsWith(`/${seg[1]}/`)))
        throw new Error(
          `segment ${seg[1]}: no route found in its remote's route table (parser out of date?)`,
        );
    }
  }
  return [...routes].sort();
}

/** Who may open each account page (remote-account/src/page-table.ts). */
export function accountAudiences(): Record<string, PageAccess> {
  return Object.fromEntries(Object.values(ACCOUNT_PAGES).map((page) => [pagePattern(page), page.access]));
}

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
