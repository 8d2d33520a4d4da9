/**
 * Two API instances behind nginx (E2E_TOPOLOGY=1 only; the "instances" project, which runs after every other spec):
 * both serve traffic through the site's `/api` proxy; then the instance holding a signed-in page's live stream is
 * SIGKILLed while writes are in flight. Reads keep working (nginx passes them to the survivor), every write retried
 * with its Idempotency-Key exists exactly once, and no live notification is lost: the stream reconnects to the
 * survivor with Last-Event-ID and shows what was created before, during and after the gap, each once. The killed
 * instance is started again at the end, so the run ends on two instances (docs/testing.md).
 */
import { randomUUID } from 'node:crypto';
import { pageAs, toast } from '../support/live.ts';
import { type AuthResult, apiCall, registerUser } from '../support/session.ts';
import { API_URL, BASE_URL, TOPOLOGY_CONTROL_URL } from '../support/site.ts';
import { expect, type Page, test } from '../support/test.ts';
import { controlTopology } from '../support/topology-control.ts';

const INSTANCE = 'x-bawaba-instance';
const SUBSCRIBE = '/api/v1/notification/subscribe';

/** The instance ids that answered `count` health checks through the host's `/api` proxy. */
async function instancesThroughSite(count: number): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${BASE_URL}/api/v1/health`);
    expect(response.status).toBe(200);
    const id = response.headers.get(INSTANCE);
    if (id) seen.add(id);
  }
  return seen;
}

interface Company {
  id: number;
  services: { id: number }[];
}

/** A service request body with a title of its own (the requester's "Request successfully sent" names it). */
function requestBody(user: AuthResult & { email: string }, company: Company, title: string) {
  return {
    name: 'Instance Test',
    email: user.email,
    phone: '55512345',
    services: [company.services[0]!.id],
    project_title: title,
    description: 'Sent while an API instance died.',
    company: company.id,
  };
}

/** POST /requests with an Idempotency-Key to `apiUrl` (an instance, or nginx); the status, or the network error. */
async function sendRequest(
  apiUrl: string,
  token: string,
  key: string,
  body: unknown,
): Promise<{ status: number; id?: number; replayed?: boolean } | { error: string }> {
  try {
    const response = await fetch(`${apiUrl}/requests`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { data?: { id: number } };
    return {
      status: response.status,
      id: json.data?.id,
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
  } catch (error) {
    return { error: String((error as Error).cause ?? error) };
  }
}

/**
 * Every live stream the page opens, as the text it received so far (sse.js reads the stream through
 * XMLHttpRequest): the ids of the events each stream delivered. The toasts cannot count deliveries: a toast with the
 * same title as a visible one is not shown twice (shared/src/ui/toaster.ts), and every notification here has one.
 */
async function recordStreams(page: Page) {
  await page.addInitScript(() => {
    const texts: string[] = [];
    (window as unknown as { __streams: string[] }).__streams = texts;
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<typeof open>) {
      if (String(args[1]).includes('/notification/subscribe')) {
        const i = texts.push('') - 1;
        this.addEventListener('progress', () => {
          texts[i] = this.responseText;
        });
      }
      return open.apply(this, args);
    } as typeof open;
  });
}
/** The notification ids the page's streams delivered, one entry per delivery. */
const deliveredIds = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { __streams: string[] }).__streams)).flatMap((text) =>
    [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1])),
  );

test('two instances serve the site; one SIGKILLed mid-suite loses no read, write or live notification', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const instances = await controlTopology(TOPOLOGY_CONTROL_URL);
  expect(instances.map((i) => i.id)).toEqual(['api-1', 'api-2']);

  // Both instances answer through the host's proxy and nginx (least_conn spreads sequential requests).
  expect([...(await instancesThroughSite(20))].sort()).toEqual(['api-1', 'api-2']);

  // A signed-in page with the live stream connected; the instance holding the stream is the one killed.
  const user = await registerUser('Instance Test');
  const page = await pageAs(browser, user, 'en');
  await recordStreams(page);
  const streams: { instance: string | null; status: number }[] = [];
  page.on('response', (r) => {
    if (r.url().includes(SUBSCRIBE))
      streams.push({ instance: r.headers()[INSTANCE] ?? null, status: r.status() });
  });
  // The page's own calls: the kill waits until none is in flight (a cut GET would be retried by nginx anyway,
  // but this test is about the stream and the writes below, not a page load).
  const inFlight = new Set<unknown>();
  page.on('request', (r) => {
    if (r.url().includes('/api/') && !r.url().includes(SUBSCRIBE)) inFlight.add(r);
  });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  await page.goto('/home');
  await expect.poll(() => streams.some((s) => s.status === 200)).toBe(true);
  const victim = instances.find((i) => i.id === streams.find((s) => s.status === 200)!.instance)!;
  expect(victim, 'the stream names its instance').toBeDefined();
  const survivor = instances.find((i) => i !== victim)!;

  const companies = await apiCall<{ items: Company[] }>(user.accessToken, 'GET', '/companies?page=1&limit=5');
  const company = companies.items.find((c) => c.services.length > 0)!;
  const stamp = Date.now().toString(36);
  const title = (what: string) => `Instances ${what} ${stamp}`;

  // Before: a notification reaches the page live.
  await apiCall(user.accessToken, 'POST', '/requests', requestBody(user, company, title('before')));
  await expect(toast(page, 'Request successfully sent')).toBeVisible();
  expect(await deliveredIds(page)).toHaveLength(1);
  await expect.poll(() => inFlight.size).toBe(0);

  // Writes in flight on the victim (straight to its port, as nginx had passed them) when it is SIGKILLed.
  const victimUrl = `http://127.0.0.1:${victim.port}/api/v1`;
  const writes = ['A', 'B', 'C', 'D'].map((x) => ({
    key: randomUUID(),
    body: requestBody(user, company, title(x)),
  }));
  const first = writes.map((w) => sendRequest(victimUrl, user.accessToken, w.key, w.body));
  await new Promise((r) => setTimeout(r, 5));
  await controlTopology(TOPOLOGY_CONTROL_URL, { id: victim.id, do: 'kill' });
  const firstAnswers = await Promise.all(first);
  console.info(`instances: the writes in flight when ${victim.id} died: ${JSON.stringify(firstAnswers)}`);

  // During the gap (the page's stream is down or reconnecting): a notification created through nginx.
  await apiCall(user.accessToken, 'POST', '/requests', requestBody(user, company, title('gap')));

  // The client retries each write with its key, through nginx: the survivor commits it or replays the answer.
  for (const [i, w] of writes.entries()) {
    const retry = await sendRequest(API_URL, user.accessToken, w.key, w.body);
    expect(retry, title(['A', 'B', 'C', 'D'][i]!)).toMatchObject({ status: 201 });
    const before = firstAnswers[i]!;
    if ('status' in before && before.status === 201) {
      expect((retry as { id: number }).id, 'the replay names the committed request').toBe(before.id);
      expect((retry as { replayed: boolean }).replayed).toBe(true);
    }
  }

  // Reads keep working on the site while one instance is dead (nginx passes them to the survivor).
  const reader = await pageAs(browser, null, 'en');
  await reader.goto('/service');
  await expect(reader.getByTestId('company-card').first()).toBeVisible();
  await reader.goto('/tender');
  await expect(reader.getByTestId('tender-card').first()).toBeVisible();
  expect([...(await instancesThroughSite(10))]).toEqual([survivor.id]);
  await reader.context().close();

  // After: the stream is back, on the survivor (it asked with Last-Event-ID: what it missed was replayed), and
  // every notification is delivered live exactly once: the ones created while the stream was down were replayed on
  // the survivor after the Last-Event-ID, none of the ones delivered before the kill came again.
  await expect.poll(() => streams.filter((s) => s.status === 200).at(-1)?.instance).toBe(survivor.id);
  const notificationIds = async (titles: string[]) => {
    const listed = await apiCall<
      { id: number; content: string }[] | { items: { id: number; content: string }[] }
    >(user.accessToken, 'GET', '/notification?limit=50');
    const notifications = Array.isArray(listed) ? listed : listed.items;
    return titles
      .map((t) => {
        // Notices isolate each value a user typed (FSI … PDI), so a title is matched whole, isolated.
        const found = notifications.filter((n) => n.content.includes(`"\u2068${t}\u2069"`));
        expect(found, t).toHaveLength(1);
        return found[0]!.id;
      })
      .sort((x, y) => x - y);
  };
  const missed = await notificationIds(['before', 'A', 'B', 'C', 'D', 'gap'].map(title));
  await expect.poll(async () => (await deliveredIds(page)).sort((x, y) => x - y)).toEqual(missed);
  // A new notification on the survivor's stream toasts. The replay's toast (same title) is let go first: a toast is
  // not shown twice while one with its title is visible, so it would otherwise only prove the replay toasted.
  await expect(toast(page, 'Request successfully sent')).toHaveCount(0, { timeout: 10_000 });
  await apiCall(user.accessToken, 'POST', '/requests', requestBody(user, company, title('after')));
  await expect(toast(page, 'Request successfully sent')).toBeVisible();
  const all = ['before', 'A', 'B', 'C', 'D', 'gap', 'after'].map(title);
  const ids = await notificationIds(all);
  await expect.poll(async () => (await deliveredIds(page)).sort((x, y) => x - y)).toEqual(ids);
  // Each request exists exactly once.
  const sent = await apiCall<{ items: { project_title: string }[] }>(
    user.accessToken,
    'GET',
    '/requests/sent?limit=50',
  );
  for (const t of all)
    expect(
      sent.items.filter((r) => r.project_title === t),
      t,
    ).toHaveLength(1);
  await page.context().close();

  // The killed instance starts again and takes traffic (after nginx's fail_timeout of 10 s).
  await controlTopology(TOPOLOGY_CONTROL_URL, { id: victim.id, do: 'start' });
  await expect
    .poll(async () => [...(await instancesThroughSite(10))].sort(), { timeout: 30_000, intervals: [1000] })
    .toEqual(['api-1', 'api-2']);
});
