import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATIC_CHAKRA_CSS_ID } from './static-css.ts';

type SystemModule = typeof import('./system.ts');

/** A fresh module each time: the system is made once per page. */
async function freshSystemModule(): Promise<SystemModule> {
  vi.resetModules();
  return import('./system.ts');
}

/** Resolves after the current task has ended (what the host passes to prepareSystem). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('creating the Chakra system', () => {
  it('prepareSystem ends a task between the steps and gives the one system getSystem returns', async () => {
    const { prepareSystem, getSystem } = await freshSystemModule();
    let tasks = 0;
    const system = await prepareSystem(async () => {
      tasks += 1;
      await nextTask();
    });
    expect(tasks).toBeGreaterThanOrEqual(3);
    expect(getSystem()).toBe(system);
    expect(system.token('colors.brand.600')).toBe('#155a5e');
  });

  it('getSystem during prepareSystem finishes the steps at once, and prepareSystem then gives that system', async () => {
    const { prepareSystem, getSystem } = await freshSystemModule();
    const preparing = prepareSystem(nextTask);
    const system = getSystem();
    expect(system.token('colors.brand.600')).toBe('#155a5e');
    await expect(preparing).resolves.toBe(system);
  });
});

describe("the system's global CSS", () => {
  beforeEach(() => document.getElementById(STATIC_CHAKRA_CSS_ID)?.remove());
  afterEach(() => document.getElementById(STATIC_CHAKRA_CSS_ID)?.remove());

  it('declares the utilities’ default custom properties once on html, not on every element', async () => {
    const { getSystem } = await freshSystemModule();
    const globalCss = getSystem()._config.globalCss ?? {};
    const everyElement = (globalCss['*'] ?? {}) as Record<string, unknown>;
    const html = (globalCss.html ?? {}) as Record<string, unknown>;
    expect(Object.keys(everyElement).filter((name) => name.startsWith('--'))).toEqual([
      '--global-font-mono',
      '--global-font-body',
      '--global-color-border',
    ]);
    expect(everyElement.fontFeatureSettings).toBe('"cv11"');
    expect(html['--ring-color']).toBe('rgba(66, 153, 225, 0.6)');
    expect(html['--backdrop-blur']).toBe('var(--chakra-empty, )');
    expect(html['--global-color-border']).toBeUndefined();
    // Chakra's own html styles are kept.
    expect(html.colorPalette).toBe('gray');
  });

  it('is left out of the system when the page already carries it', async () => {
    document.head.insertAdjacentHTML('beforeend', `<style id="${STATIC_CHAKRA_CSS_ID}"></style>`);
    const { getSystem } = await freshSystemModule();
    const system = getSystem();
    expect(system._global).toEqual([]);
    expect(system._config.globalCss ?? {}).toEqual({});
    expect(system.token('colors.brand.600')).toBe('#155a5e');
  });
});
