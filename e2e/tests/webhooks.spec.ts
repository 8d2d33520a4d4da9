import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { expectAccessible } from '../support/a11y.ts';
import { apiLogin, DEMO, type Lang, useSession } from '../support/session.ts';
import { WEBHOOK_RECEIVER_PORTS as PORTS } from '../support/site.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * A company's signed webhooks in the composed site (remote-account/src/features/webhooks/, docs/api/webhooks.md), in
 * English and Arabic: the demo company's administrator adds a webhook pointing at a receiver this test runs, sees
 * the signing secret once, sends a test event, which the receiver gets with a valid Standard Webhooks signature; the
 * delivery log shows it delivered with the JSON sent; then the webhook is paused and deleted.
 */

/** What the receiver got: each request's path, headers and body as sent. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP endpoint (on E2E_PORT_BASE + 240 and + 241: support/site.ts) answering 204 to every POST and keeping what it got. */
async function receiver(port: number): Promise<{ received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, server };
}

const WORDS = {
  en: {
    menu: 'Integrations — webhooks',
    title: 'Integrations — webhooks',
    event: /Question asked/,
    warning: 'it will not be shown again',
    delivered: 'Delivered',
    paused: 'Paused',
    remove: 'Delete',
  },
  ar: {
    menu: 'التكاملات — إشعارات الويب',
    title: 'التكاملات — إشعارات الويب',
    event: /طرح استفسار/,
    warning: 'لن يُعرض مرة أخرى',
    delivered: 'تم الإرسال',
    paused: 'موقوف مؤقتًا',
    remove: 'حذف',
  },
} as const;

const popup = (page: Page) => page.getByTestId('popup');

for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
  test(`a company's administrator adds a webhook, sees its secret once, a test event arrives signed and is logged delivered; pause and delete (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const words = WORDS[lang];
    const { received, server } = await receiver(PORTS[lang]);
    try {
      const hookPath = `/hooks/${lang}-${Date.now().toString(36)}`;
      const url = `http://127.0.0.1:${PORTS[lang]}${hookPath}`;
      await useSession(page, await apiLogin(DEMO.owner), lang);
      await page.goto('/account');
      await page.getByRole('link', { name: words.menu }).click();
      await expect(page).toHaveURL(/\/account\/webhooks$/);
      await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();

      // Add: the address and one event; the secret is shown once, focused, with the warning.
      await page.getByTestId('webhook-url').fill(url);
      await page.getByTestId('webhook-group-owner').getByText(words.event).click();
      await page.getByTestId('webhook-submit').click();
      const panel = page.getByTestId('webhook-secret');
      await expect(panel).toBeFocused();
      await expect(panel).toContainText(words.warning);
      const secret = (await panel.getByTestId('webhook-secret-value').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await expectAccessible(page, `${lang} /account/webhooks with the secret`);
      await panel.getByTestId('webhook-secret-done').click();
      await expect(panel).toHaveCount(0);
      const row = page.locator(`[data-testid=webhook-row][data-url="${url}"]`);
      await expect(row.getByTestId('webhook-row-url')).toHaveText(url);
      await page.reload();
      await expect(row).toBeVisible();
      await expect(page.getByText(secret)).toHaveCount(0);

      // A test event: the receiver gets it, signed with the secret shown (Standard Webhooks' own verification).
      await row.getByTestId('webhook-test').click();
      await expect
        .poll(() => received.filter((r) => r.path === hookPath).length, { timeout: 30_000 })
        .toBe(1);
      const got = received.find((r) => r.path === hookPath)!;
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(got.headers[h])]),
      );
      const payload = new Webhook(secret).verify(got.body, headers) as { id: string; type: string };
      expect(payload.type).toBe('webhook.test');
      expect(payload.id).toBe(headers['webhook-id']);
      // The same body with another secret is refused: the signature is the secret's.
      expect(() =>
        new Webhook(`whsec_${Buffer.from('not the secret at all!!').toString('base64')}`).verify(
          got.body,
          headers,
        ),
      ).toThrow();

      // The delivery log shows it delivered (the worker records the answer just after sending), with the JSON sent.
      await row.getByTestId('webhook-log-link').click();
      await expect(page).toHaveURL(/\/account\/webhooks\?log=\d+$/);
      const delivery = page.getByTestId('webhook-delivery').filter({ hasText: 'webhook.test' });
      await expect(async () => {
        await page.getByTestId('webhook-log-refresh').click();
        await expect(delivery.getByTestId('webhook-delivery-status')).toHaveText(words.delivered, {
          timeout: 1000,
        });
      }).toPass({ timeout: 20_000 });
      await expect(delivery).toContainText('HTTP 204');
      await delivery.getByTestId('webhook-delivery-open').click();
      await expect(page.getByTestId('webhook-payload')).toContainText(payload.id);
      await expect(page.getByTestId('webhook-payload')).toContainText('"type": "webhook.test"');
      await expectAccessible(page, `${lang} the delivery log`);

      // Pause, then delete after the confirmation.
      await page.getByTestId('webhook-log-back').click();
      await row.getByTestId('webhook-pause').click();
      await expect(row.getByTestId('webhook-state')).toHaveText(words.paused);
      await row.getByTestId('webhook-delete').click();
      await popup(page).getByRole('button', { name: words.remove }).click();
      await expect(row).toHaveCount(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
}
