import type { Page } from '@playwright/test';

/**
 * The one-instance check of the shared singletons on a composed page: every app that rendered registers its
 * probe (shared/src/federation/singleton-probe.ts); each probe must hold the host's very objects (React, the
 * session store, the http client, i18n, the Emotion cache), and every style tag must come from one cache.
 */
export function singletonReport(
  page: Page,
): Promise<{ apps: string[]; mismatches: string[]; emotionKeys: (string | undefined)[] }> {
  return page.evaluate(() => {
    const probes =
      (window as unknown as { __BAWABA_SINGLETONS__?: Record<string, Record<string, unknown>> })
        .__BAWABA_SINGLETONS__ ?? {};
    const host = probes.host;
    const apps = Object.keys(probes);
    const keys = ['react', 'sessionStore', 'http', 'i18n', 'emotionCache'] as const;
    const mismatches = apps.flatMap((app) =>
      keys.filter((key) => !host || probes[app]?.[key] !== host[key]).map((key) => `${app}.${key}`),
    );
    const emotionStyleTags = new Set(
      [...document.querySelectorAll('style[data-emotion]')].map(
        // One cache = one key on every style tag ("css"; "css-global" for its global styles).
        (s) =>
          s
            .getAttribute('data-emotion')
            ?.split(' ')[0]
            ?.replace(/-global$/, ''),
      ),
    );
    return { apps: apps.sort(), mismatches, emotionKeys: [...emotionStyleTags] };
  });
}
