/**
 * Helpers for the CSP and stored-XSS specs: a watch on everything a page does that it must not (CSP
 * violations, CSP console errors, alert/confirm/prompt, the flag the XSS payloads try to set, dialogs).
 */
import { expect, type Page } from '@playwright/test';
import { API_URL } from './site.ts';

declare global {
  interface Window {
    /** Set by any XSS payload of the corpus that runs. */
    __xss?: string[];
    __cspViolations?: string[];
  }
}

export interface PageWatch {
  /** Everything seen so far: CSP violations, CSP console errors, dialogs, payloads that ran. */
  problems: () => Promise<string[]>;
  /** Expect nothing was seen (on the page as it is now). */
  expectClean: (where: string) => Promise<void>;
}

/** Install the watch before the first navigation of the page. */
export async function watchPage(page: Page): Promise<PageWatch> {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy|refused to/i.test(message.text())) {
      seen.push(`console: ${message.text()}`);
    }
  });
  await page.addInitScript(() => {
    window.__xss = [];
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(
        `CSP ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} «${e.sample}»`,
      );
    });
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      Object.defineProperty(window, name, {
        configurable: false,
        value: (...args: unknown[]) => {
          window.__xss?.push(`${name}(${args.map(String).join(', ')})`);
          return null;
        },
      });
    }
  });
  const problems = async () => {
    const inPage = await page
      .evaluate(() => [
        ...(window.__cspViolations ?? []),
        ...(window.__xss ?? []).map((x) => `XSS ran: ${x}`),
      ])
      .catch(() => [] as string[]);
    return [...seen, ...inPage];
  };
  return {
    problems,
    async expectClean(where: string) {
      expect(await problems(), where).toEqual([]);
    },
  };
}

/** The area a remote rendered (its RemoteFrame). */
export const frameOf = (page: Page, remote: string) =>
  page.locator(`[data-testid="remote-frame"][data-remote="${remote}"]`);

/**
 * Stored-XSS corpus. Every payload that runs calls alert('xss-…') (hooked above; dialogs are caught too).
 * Plain-text fields get TEXT_PAYLOAD (must show verbatim as text); HTML fields get HTML_PAYLOAD (rendered
 * through the server's sanitizer and DOMPurify: must keep its harmless text and lose everything active).
 */
export const TEXT_PAYLOAD = [
  `<script>alert('xss-t1')</script>`,
  `"><img src=x onerror=alert('xss-t2')>`,
  `'><svg onload=alert('xss-t3')>`,
  '\u0024{alert(`xss-t4`)}',
  `javascript:alert('xss-t5')`,
  '\u202Egnp.exe',
  `[x](javascript:alert('xss-t6'))`,
  `{{constructor.constructor('alert(7)')()}}`,
].join(' ');

export const HTML_MARKER = 'Harmless rich text stays';
export const HTML_PAYLOAD = `<p>${HTML_MARKER}</p>
<script>alert('xss-h1')</script>
<img src=x onerror="alert('xss-h2')">
<svg><script>alert('xss-h3')</script></svg>
<svg onload="alert('xss-h4')"><circle r="1"></circle></svg>
<p><a href="javascript:alert('xss-h5')">js link</a> <a href="&#106;avascript:alert('xss-h6')">entity link</a>
<a href="https://example.qa/ok" onclick="alert('xss-h7')">web link</a></p>
<iframe srcdoc="<script>parent.alert('xss-h8')</script>"></iframe>
<math><mtext><table><mglyph><style><img src=x onerror="alert('xss-h9')"></style></mglyph></table></mtext></math>
<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=alert('xss-h10') src>"></style></mtext></svg></mglyph></form></math>
<noscript><p title="</noscript><img src=x onerror=alert('xss-h11')>"></noscript>
<div style="background:url(javascript:alert('xss-h12'));width:expression(alert('xss-h13'))">styled text</div>
<details open ontoggle="alert('xss-h14')"><summary>summary</summary></details>
<object data="javascript:alert('xss-h15')"></object><embed src="javascript:alert('xss-h16')">
<base href="javascript:alert('xss-h17')//"><meta http-equiv="refresh" content="0;url=javascript:alert('xss-h18')">
<p>\u202Egnp.exe [md](javascript:alert('xss-h19')) \${alert('xss-h20')} \`+alert('xss-h21')+\`</p>`;

/** Query-string payloads (search boxes and filters read them back from the URL). */
export const QUERY_PAYLOADS = [
  `<img src=x onerror=alert('xss-q1')>`,
  `"><svg onload=alert('xss-q2')>`,
  `javascript:alert('xss-q3')`,
  `</script><script>alert('xss-q4')</script>`,
];

/** In a rendered rich-text block: nothing active may be left. */
export async function activeContentIn(root: ReturnType<Page['locator']>): Promise<string[]> {
  return root.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const found: string[] = [];
      for (const el of [node, ...node.querySelectorAll('*')]) {
        const tag = el.tagName.toLowerCase();
        if (
          [
            'script',
            'iframe',
            'svg',
            'math',
            'object',
            'embed',
            'img',
            'style',
            'base',
            'meta',
            'form',
          ].includes(tag)
        )
          found.push(`<${tag}>`);
        for (const attr of el.getAttributeNames()) {
          if (attr.startsWith('on') || attr === 'style' || attr === 'srcdoc') found.push(`${tag}[${attr}]`);
        }
        const href = el.getAttribute('href');
        if (href && !/^(https?:|mailto:|tel:)/i.test(href)) found.push(`${tag}[href=${href}]`);
      }
      return found;
    }),
  );
}

/** Whether a call is refused with a 4xx (for payloads the API must not store). */
export async function apiRefuses(
  token: string,
  method: string,
  pathname: string,
  body: unknown,
): Promise<number> {
  const response = await fetch(`${API_URL}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}
