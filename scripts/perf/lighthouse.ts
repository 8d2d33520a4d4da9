/**
 * Over the ~300-line rule on purpose: one measurement (or one server) read top to bottom, set-up to report.
 *
 * Page-speed benchmark (not a test): Lighthouse's mobile preset on pages of the composed production site, driving
 * Debian's Chromium (its version is printed), for the current build (A) and the previous release's build (B) in the
 * same run: two sites side by side (scripts/site/composed-site.ts startSite: each its own API with a fresh seeded
 * DATA_DIR, the host and three remotes each on its own origin, each host in a process of its own so that its render
 * server composes its own remotes), B being every app as released before its current release (rebuilt from git
 * history, scripts/release/builds.ts). Each page is measured run by run in turn, A1 B1 A2 B2 …, so a busy moment of
 * the machine hits both builds alike. Prints per page and build the performance score, LCP, TBT, CLS, FCP and the
 * JavaScript transferred (the median-score run's, with each metric's spread over the runs), A against B (the median
 * over the pairs of A/B for LCP and TBT, of A − B for the score: scripts/perf/lighthouse-figures.ts), and whether A
 * meets the targets (score ≥ 95, TBT ≤ 150 ms, CLS ≤ 0.02, LCP ≤ 2 s); saves the HTML + JSON reports under
 * .artifacts/lighthouse/. Exits 0 when a target is missed (it is a benchmark): the verdict is printed.
 *
 *   pnpm exec node scripts/perf/lighthouse.ts [--runs=N] [--pages=/home,ar:/tender,bidder:/account|all|public|signed-in|data-pages]
 *                                        [--json=<file>] [--no-previous] [--traces]
 *
 * --no-previous (or LIGHTHOUSE_PREVIOUS=0): the current build alone, no previous release built or served.
 * --traces: the median-score run's trace (Lighthouse's own, Chrome's trace format) is kept beside its report as
 * `<page>.trace.json` — what its Total Blocking Time was made of, task by task (open it in DevTools' Performance
 * panel); `long-tasks.ts` names the source functions of the same kind of load.
 *
 * A page is `[ar:][bidder:|owner:|admin:]<path>`: `ar:` loads it in Arabic, an account name loads it signed in as
 * that demo account (README "Demo accounts"). The language and the session are what the app reads from
 * localStorage (`language`, `token`, `user`: shared/src/store/session.ts): before Lighthouse loads the page, a
 * tab of the same origin (a static JSON file, no app code) gets them, and Lighthouse keeps the storage
 * (`disableStorageReset`; each run has its own fresh Chromium profile, so nothing else is carried over). In a
 * path, `{company}` is the first company of the directory and `{tender}` the first open tender before its
 * deadline (from each site's API). `all` = every public route and the signed-in pages in English and Arabic.
 *
 * Env: LIGHTHOUSE_PORT_BASE (4500: A's host on it, remotes +1..+3, API +100), LIGHTHOUSE_PREVIOUS_PORT_BASE (B's, the
 * same layout; LIGHTHOUSE_PORT_BASE + 10), LIGHTHOUSE_RUNS (3 per build; the run with the median score is kept),
 * LIGHTHOUSE_PREVIOUS (0: A alone), LIGHTHOUSE_OUT_DIR (.artifacts/lighthouse: where the reports go; another folder
 * keeps two runs at once apart), BAWABA_RELEASE_BUILDS (scripts/release/builds.ts: a work folder whose previous
 * releases are reused), CHROMIUM_PATH (`which chromium`). Builds the current apps when a dist/ is missing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ACCOUNT_PAGES } from '../../remote-account/src/page-table.ts';
import { LANGUAGE_COOKIE } from '../../shared/src/store/language-cookie.ts';
import { chromiumPath, option, printColumns, ROOT } from '../lib.ts';
import { currentBuilds, openReleaseBuilds } from '../release/builds.ts';
import { type Site, sitePortsFrom, startSite } from '../site/composed-site.ts';
import {
  compareRuns,
  measuresPrevious,
  missedTargets,
  type PageResult,
  type RunFigures,
  sideFigures,
  TABLE_HEADER,
  TARGETS,
  tableRows,
} from './lighthouse-figures.ts';

export const DEFAULT_PAGES = ['/home', '/service', '/tender'];
/**
 * Every public route (README map): home, service, a company, the tender list, a tender, about, terms,
 * contact-us. A company's page needs an account (SIGNED_IN_SEGMENTS in shared/src/federation/apps.ts: signed out it
 * is the sign-in prompt), so it is measured signed in.
 */
export const PUBLIC_PAGES = [
  '/home',
  '/service',
  'bidder:/companies/{company}',
  '/tender',
  '/tender-profile/{tender}',
  '/about',
  '/terms',
  '/contact-us',
];
/** The signed-in pages: notifications, the proposal wizard, account pages (the bidder's). */
export const SIGNED_IN_PAGES = [
  'bidder:/notifications',
  'bidder:/submit-proposal/{tender}',
  'bidder:/account',
  'bidder:/account/submitted-proposals',
];
const both = (pages: string[]) => [...pages, ...pages.map((p) => `ar:${p}`)];
/**
 * The pages whose largest element is their data: a company, a tender, the tender list, notifications and every
 * account page (remote-account/src/page-table.ts), each as an account that may open it (the owner for a company's
 * pages, the admin for the admins').
 */
export const DATA_PAGES = [
  'bidder:/companies/{company}',
  '/tender-profile/{tender}',
  '/tender',
  'bidder:/notifications',
  ...Object.values(ACCOUNT_PAGES).map(
    (page) => `${page.access === 'admin' ? 'admin' : 'owner'}:/account${page.path ? `/${page.path}` : ''}`,
  ),
];
export const PAGE_SETS: Record<string, string[]> = {
  default: DEFAULT_PAGES,
  public: both(PUBLIC_PAGES),
  'signed-in': both(SIGNED_IN_PAGES),
  all: [...both(PUBLIC_PAGES), ...both(SIGNED_IN_PAGES)],
  'data-pages': both(DATA_PAGES),
};

/** `--pages=` → page specs: named sets (`all`, `public`, `signed-in`, `default`) and single pages. */
export function expandPages(list: string[]): string[] {
  return list.flatMap((item) => PAGE_SETS[item] ?? [item]);
}

const ACCOUNTS = { bidder: 'bidder@bawaba.qa', owner: 'owner@bawaba.qa', admin: 'admin@bawaba.qa' } as const;
type Account = keyof typeof ACCOUNTS;
const DEMO_PASSWORD = 'Bawaba2026!';

interface PageSpec {
  spec: string;
  language: 'en' | 'ar';
  account: Account | null;
  path: string;
}

export function parsePage(spec: string): PageSpec {
  let rest = spec;
  let language: 'en' | 'ar' = 'en';
  let account: Account | null = null;
  for (;;) {
    const m = /^([a-z]+):(?!\/\/)/.exec(rest);
    if (!m) break;
    const word = m[1]!;
    if (word === 'ar' || word === 'en') language = word;
    else if (word in ACCOUNTS) account = word as Account;
    else throw new Error(`unknown page prefix "${word}:" in ${spec}`);
    rest = rest.slice(m[0].length);
  }
  if (!rest.startsWith('/')) throw new Error(`a page is a path: ${spec}`);
  return { spec, language, account, path: rest };
}

interface AuditLike {
  numericValue?: number;
  details?: { items?: { resourceType?: string; transferSize?: number }[] };
}

function numeric(audits: Record<string, AuditLike>, id: string): number {
  return audits[id]?.numericValue ?? Number.NaN;
}

function scriptBytes(audits: Record<string, AuditLike>): number {
  const items = audits['network-requests']?.details?.items ?? [];
  return items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

interface Attempt {
  figures: RunFigures;
  report: string[];
  /** Lighthouse's trace of the load, when asked for (`--traces`). */
  trace?: unknown;
}

const MAX_FAILURES = 3;

/** What a page's storage holds before Lighthouse loads it (language, session). */
export type Storage = Record<string, string>;
/**
 * The cookies a page is asked with: the language and the session's navigation cookie, which the server renders
 * the page for (docs/decisions/0019-server-rendering.md), as a browser that chose the language and signed in has.
 */
export type Cookies = Record<string, string>;

/**
 * Minimal Chrome DevTools Protocol over the launcher's port: set `cookies` for `url`'s origin and `storage` in a tab
 * at `url`, then close it.
 */
async function seedStorage(port: number, url: string, storage: Storage, cookies: Cookies): Promise<void> {
  const target = (await (
    await fetch(`http://127.0.0.1:${port}/json/new?${encodeURI(url)}`, { method: 'PUT' })
  ).json()) as { id: string; webSocketDebuggerUrl: string };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 0;
  const send = (method: string, params: object) =>
    new Promise<{ result?: { result?: { value?: unknown } } }>((resolve) => {
      const id = ++nextId;
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as { id?: number };
        if (message.id !== id) return;
        socket.removeEventListener('message', onMessage);
        resolve(message as { result?: { result?: { value?: unknown } } });
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  // The tab is created loading `url`: wait until its document is that origin's.
  const origin = new URL(url).origin;
  for (let i = 0; i < 100; i++) {
    const answer = await send('Runtime.evaluate', {
      expression: `document.readyState === 'complete' && location.origin === ${JSON.stringify(origin)}`,
      returnByValue: true,
    });
    if (answer.result?.result?.value === true) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const [name, value] of Object.entries(cookies)) {
    const answer = await send('Network.setCookie', {
      name,
      value,
      // Host-only with the path `/`, as a `__Host-` cookie must be (Chromium refuses one set by a URL on http).
      domain: new URL(origin).hostname,
      path: '/',
      secure: true,
      httpOnly: name.startsWith('__Host-'),
      sameSite: 'Lax',
    });
    if (!(answer as { result?: { success?: boolean } }).result?.success)
      throw new Error(`could not set the cookie ${name} at ${origin}`);
  }
  const set = Object.entries(storage)
    .map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
    .join('');
  const check = await send('Runtime.evaluate', {
    expression: `${set} Object.keys(localStorage).length`,
    returnByValue: true,
  });
  if (check.result?.result?.value !== Object.keys(storage).length)
    throw new Error(`could not set localStorage at ${url}: ${JSON.stringify(check).slice(0, 300)}`);
  socket.close();
  await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
}

/** One Lighthouse run in a fresh Chromium (no state carried from one run to the next). */
async function audit(
  url: string,
  storage?: Storage,
  cookies: Cookies = {},
  keepTrace = false,
): Promise<Attempt | { error: string }> {
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    // A static file of the host's origin (not an API answer: those are sandboxed, without storage).
    if (storage)
      await seedStorage(chrome.port, `${new URL(url).origin}/config/remotes.json`, storage, cookies);
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
      output: ['html', 'json'],
      // Keep the language and session seeded above (the profile is fresh: nothing else is in it).
      ...(storage ? { disableStorageReset: true } : {}),
    });
    if (!result) return { error: 'Lighthouse returned no result' };
    const { lhr } = result;
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const audits = lhr.audits as Record<string, AuditLike>;
    return {
      figures: {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: numeric(audits, 'largest-contentful-paint'),
        tbtMs: numeric(audits, 'total-blocking-time'),
        cls: numeric(audits, 'cumulative-layout-shift'),
        fcpMs: numeric(audits, 'first-contentful-paint'),
        jsBytes: scriptBytes(audits),
      },
      report: Array.isArray(result.report) ? result.report : [result.report],
      ...(keepTrace ? { trace: result.artifacts.Trace } : {}),
    };
  } finally {
    chrome.kill();
  }
}

export async function runLighthouse(
  options: {
    pages?: string[];
    runs?: number;
    portBase?: number;
    /** B's port base (portBase + 10). */
    previousPortBase?: number;
    /** Measure the previous release's build too (default true). */
    previous?: boolean;
    /** Called with the results so far after each page (e.g. to keep them when a long run is cut short). */
    onPage?: (rows: PageResult[]) => void;
    /** Keep the median-score run's trace beside its report (`<page>.trace.json`). */
    traces?: boolean;
  } = {},
): Promise<PageResult[]> {
  const pages = options.pages ?? DEFAULT_PAGES;
  const runs = Math.max(1, options.runs ?? 3);
  const portBase = options.portBase ?? 4500;
  const outDir = reportDir();
  mkdirSync(outDir, { recursive: true });
  // Reports are output, not sources.
  writeFileSync(path.join(outDir, '.gitignore'), '*\n');

  const current = await currentBuilds();
  const builds = options.previous === false ? null : openReleaseBuilds('lighthouse-builds');
  const sites: Site[] = [];
  try {
    const previous = builds ? await builds.previous() : null;
    const a = await startSite('lighthouse-current', sitePortsFrom(portBase), current);
    sites.push(a);
    const b = previous
      ? await startSite(
          'lighthouse-previous',
          sitePortsFrom(options.previousPortBase ?? portBase + 10),
          previous,
        )
      : null;
    if (b) sites.push(b);
    const sides = [
      { label: 'A', setup: await pageSetup(a.origin, pages), origin: a.origin, suffix: '' },
      ...(b
        ? [{ label: 'B', setup: await pageSetup(b.origin, pages), origin: b.origin, suffix: '.previous' }]
        : []),
    ];
    // Warm the servers (file stats, the API proxy, the first database queries, the render servers): not the page's speed.
    for (const side of sides) await audit(`${side.origin}/home`);

    const results: PageResult[] = [];
    for (const page of expandPages(pages)) {
      // The page asked once of each site, not measured: a render server loads a remote's server entry on that remote's
      // first page and the API warms its queries, a freshly started site's one-time cost, not the page's speed.
      for (const side of sides) {
        const { url, cookies } = side.setup(page);
        const cookie = Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; ');
        await (await fetch(url, { headers: { cookie } })).text();
      }
      const taken = sides.map(() => [] as Attempt[]);
      const failures = sides.map(() => 0);
      // A1 B1 A2 B2 …: run i of each build is a pair, taken at nearly the same moment.
      for (let run = 0; run < runs; run++) {
        for (const [i, side] of sides.entries()) {
          const { url, storage, cookies } = side.setup(page);
          while ((failures[i] as number) <= MAX_FAILURES) {
            const attempt = await audit(url, storage, cookies, options.traces);
            if ('error' in attempt) {
              // A trace Lighthouse could not read (NO_NAVSTART and the like, frequent on a busy machine):
              // not a figure; try again, a few times.
              failures[i] = (failures[i] as number) + 1;
              console.warn(
                `  ${page} (${side.label}): ${attempt.error}${(failures[i] as number) <= MAX_FAILURES ? ' (retrying)' : ''}`,
              );
              continue;
            }
            (taken[i] as Attempt[]).push(attempt);
            process.stdout.write(
              `  ${page} ${side.label} run ${run + 1}/${runs}: ${attempt.figures.score}\n`,
            );
            break;
          }
        }
      }
      const name = page.replace(/^\//, '').replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';
      const [figuresA, figuresB] = sides.map((side, i) => {
        const attempts = taken[i] as Attempt[];
        if (attempts.length === 0)
          throw new Error(
            `Lighthouse could not measure ${page} on ${side.label === 'A' ? 'the current build' : 'the previous release'}`,
          );
        const figures = sideFigures(attempts.map((t) => t.figures));
        const kept = attempts[figures.medianRun] as Attempt;
        const htmlFile = path.join(outDir, `${name}${side.suffix}.report.html`);
        writeFileSync(htmlFile, kept.report[0] ?? '');
        writeFileSync(path.join(outDir, `${name}${side.suffix}.report.json`), kept.report[1] ?? '');
        if (kept.trace)
          writeFileSync(path.join(outDir, `${name}${side.suffix}.trace.json`), JSON.stringify(kept.trace));
        return { ...figures, report: path.relative(ROOT, htmlFile) };
      });
      results.push({
        page,
        a: figuresA as PageResult['a'],
        b: figuresB ?? null,
        comparison: figuresB
          ? compareRuns(
              (taken[0] as Attempt[]).map((t) => t.figures),
              (taken[1] as Attempt[]).map((t) => t.figures),
            )
          : null,
      });
      options.onPage?.(results);
    }
    return results;
  } finally {
    for (const site of sites.reverse()) await site.close();
    builds?.close();
  }
}

/**
 * Signs in the accounts the pages need and finds the ids of their placeholders; then, for each page spec, the
 * URL to load and what localStorage must hold first (undefined: nothing, English signed out).
 */
export async function pageSetup(
  origin: string,
  pages: string[],
): Promise<(page: string) => { url: string; storage: Storage | undefined; cookies: Cookies }> {
  const specs = expandPages(pages).map(parsePage);
  const sessions = new Map<Account, Storage>();
  const navigation = new Map<Account, string>();
  for (const account of new Set(specs.map((s) => s.account))) {
    if (!account) continue;
    const signedIn = await signIn(origin, account);
    sessions.set(account, signedIn.storage);
    navigation.set(account, signedIn.navigationCookie);
  }
  const ids = await placeholders(origin, sessions.get('bidder'));
  return (page) => {
    const spec = parsePage(page);
    const url = `${origin}${spec.path.replace(/\{(\w+)\}/g, (_, key: string) => {
      const id = ids[key];
      if (id === undefined) throw new Error(`no {${key}} for ${page}`);
      return String(id);
    })}`;
    const storage: Storage | undefined =
      spec.language === 'en' && !spec.account
        ? undefined
        : { language: spec.language, ...(spec.account ? sessions.get(spec.account) : {}) };
    const cookies: Cookies = {
      [LANGUAGE_COOKIE]: spec.language,
      ...(spec.account ? { '__Host-bawaba-nav': navigation.get(spec.account) ?? '' } : {}),
    };
    return { url, storage, cookies };
  };
}

/** Signs a demo account in through the API: what the app keeps in localStorage after its login modal. */
async function signIn(
  origin: string,
  account: Account,
): Promise<{ storage: Storage; navigationCookie: string }> {
  const response = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNTS[account], password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${account}: HTTP ${response.status}`);
  const { accessToken, user } = ((await response.json()) as { data: { accessToken: string; user: unknown } })
    .data;
  const navigation = response.headers.getSetCookie().find((c) => c.startsWith('__Host-bawaba-nav='));
  if (!navigation) throw new Error(`sign-in as ${account}: no navigation cookie`);
  return {
    storage: { token: accessToken, user: JSON.stringify(user) },
    navigationCookie: navigation.slice('__Host-bawaba-nav='.length).split(';')[0] ?? '',
  };
}

/** The ids behind `{company}` and `{tender}`: the directory's first company, the first tender open to the bidder. */
async function placeholders(origin: string, bidder?: Storage): Promise<Record<string, number>> {
  const get = async (url: string) => {
    const response = await fetch(`${origin}/api/v1/${url}`, {
      headers: bidder?.token ? { authorization: `Bearer ${bidder.token}` } : {},
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
    // Every answer is `{ data }` (the API's envelope).
    const body = JSON.parse(text) as { data?: { items?: Record<string, unknown>[] } };
    if (!Array.isArray(body.data?.items)) throw new Error(`GET ${url}: no items in ${text.slice(0, 200)}`);
    return body.data as { items: Record<string, unknown>[] };
  };
  const ids: Record<string, number> = {};
  const company = (await get('companies?limit=1')).items[0];
  if (company) ids.company = Number(company.id);
  const tender = (await get('tenders?status=open&limit=50')).items.find(
    (t) => !t.isPastDeadline && !t.isProposalSubmitted && !t.isOwner,
  );
  if (tender) ids.tender = Number(tender.id);
  return ids;
}

/** The browser's version as it prints it (e.g. "Chromium 156.0.7646.79 built on Debian …"). */
/** Where the HTML + JSON reports go (LIGHTHOUSE_OUT_DIR, default .artifacts/lighthouse). */
export function reportDir(): string {
  return path.resolve(ROOT, process.env.LIGHTHOUSE_OUT_DIR ?? path.join('.artifacts', 'lighthouse'));
}

export function browserVersion(): string {
  try {
    return execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown browser';
  }
}

export function lighthouseVersion(): string {
  const manifest = path.join(ROOT, 'node_modules', 'lighthouse', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export function machineLine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}`;
}

if (import.meta.main) {
  const pages = option('pages')?.split(',').filter(Boolean);
  const runs = Number(option('runs') ?? process.env.LIGHTHOUSE_RUNS ?? 3);
  const portBase = Number(process.env.LIGHTHOUSE_PORT_BASE ?? 4500);
  const previous = measuresPrevious(process.argv, process.env);
  const browser = browserVersion();
  console.log(
    `Lighthouse ${lighthouseVersion()} (mobile preset, simulated throttling), ${browser}, on ${machineLine()}; ${previous ? 'the current build (A) against the previous release (B), run by run in turn' : 'the current build alone'}`,
  );
  const jsonOut = option('json');
  const traces = process.argv.includes('--traces');
  const rows = await runLighthouse({
    ...(pages ? { pages } : {}),
    runs,
    portBase,
    ...(process.env.LIGHTHOUSE_PREVIOUS_PORT_BASE
      ? { previousPortBase: Number(process.env.LIGHTHOUSE_PREVIOUS_PORT_BASE) }
      : {}),
    previous,
    traces,
    // The results so far, after each page: a long run cut short keeps what it measured.
    ...(jsonOut
      ? { onPage: (done: PageResult[]) => writeFileSync(jsonOut, JSON.stringify(done, null, 2)) }
      : {}),
  });
  console.log('');
  console.log(
    `${browser}; ${runs} run(s) per page${previous ? ' and build, A1 B1 A2 B2 …' : ''}: the median-score run's figures, (min–max) over the runs${previous ? "; A/B: the median over the pairs of A − B (score) and A/B (LCP, TBT), then each pair's" : ''}`,
  );
  printColumns(TABLE_HEADER, tableRows(rows));
  const missed = rows.filter((r) => missedTargets(r.a).length > 0);
  const targets = `performance ≥ ${TARGETS.score}, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}, LCP ≤ ${TARGETS.lcpMs} ms`;
  console.log('');
  console.log(
    missed.length === 0
      ? `All targets met by the current build (${targets} on every page).`
      : `Targets missed by the current build on ${missed.map((r) => r.page).join(', ')} (${targets}).`,
  );
  console.log(
    `Reports: ${path.relative(ROOT, reportDir()) || '.'}/<page>.report.html|json${previous ? ", the previous release's <page>.previous.report.html|json" : ''}${traces ? ', the traces <page>[.previous].trace.json' : ''}`,
  );
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 2));
  process.exit(0);
}
