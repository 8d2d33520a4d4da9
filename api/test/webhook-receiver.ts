import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookPayload } from '@bawaba/shared/contracts';
import { Webhook } from 'standardwebhooks';

/** One request the receiver took: its webhook-id, the verified payload, and the raw body and headers as sent. */
type Received = {
  path: string;
  id: string;
  payload: WebhookPayload;
  body: string;
  headers: Record<string, string>;
};

/**
 * A real local HTTP receiver, as a customer would write one: each path has its subscription's secret; a request is
 * verified with `standardwebhooks`' `Webhook.verify` (signature and a timestamp within 5 minutes) and answered 204,
 * a request that fails verification 400. While `status` is set (an outage, a broken receiver) it answers that
 * instead, before reading anything. `attempts` counts every request that arrived, by webhook-id.
 */
export async function startReceiver() {
  const secrets = new Map<string, string[]>();
  const accepted: Received[] = [];
  const rejected: { path: string; reason: string }[] = [];
  const attempts = new Map<string, number>();
  const state: { status: number | null } = { status: null };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
      );
      const id = headers['webhook-id'] ?? '';
      attempts.set(id, (attempts.get(id) ?? 0) + 1);
      if (state.status !== null) {
        res.writeHead(state.status).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const keys = secrets.get(path) ?? [];
      const ok = keys.some((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      if (!ok) {
        rejected.push({ path, reason: 'verification failed' });
        res.writeHead(400).end();
        return;
      }
      accepted.push({ path, id, payload: JSON.parse(body) as WebhookPayload, body, headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    /** Trust `secret` for deliveries to `path` (alone, unless `keep`: a rotation's overlap). */
    trust(path: string, secret: string, keep = false) {
      secrets.set(path, [...(keep ? (secrets.get(path) ?? []) : []), secret]);
    },
    accepted,
    rejected,
    attempts,
    /** Answer every request with `status` (null: verify and answer). */
    answer(status: number | null) {
      state.status = status;
    },
    /** POSTs a request to the receiver as it is (a replay or a forgery): its answer's status. */
    async send(path: string, body: string, headers: Record<string, string>): Promise<number> {
      // Only the request's own headers: the transport's (content-length, connection) are fetch's to set.
      const own = Object.fromEntries(
        Object.entries(headers).filter(([k]) => k.startsWith('webhook-') || k === 'content-type'),
      );
      const r = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body, headers: own });
      return r.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Polls `check` until it holds (deliveries are sent by the worker, after the request that caused them). */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
