import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * The Standard Webhooks signature (standardwebhooks.com, the `standardwebhooks` library): each subscription has a
 * secret `whsec_` + base64 of 32 random bytes; every attempt is signed over `<webhook-id>.<webhook-timestamp>.<body>`
 * with HMAC-SHA256 and sent with the three headers below. After a rotation the previous secret also signs for
 * ROTATION_OVERLAP_MS (the signatures are listed space-separated, as the scheme allows), so a receiver may switch
 * secrets at its own pace within that day.
 */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The last four characters of a secret, to tell secrets apart on the page. */
export const secretHint = (secret: string) => secret.slice(-4);

export function signedHeaders(
  secrets: string[],
  eventId: string,
  body: string,
  at = new Date(),
): Record<string, string> {
  const signature = secrets.map((s) => new Webhook(s).sign(eventId, at, body)).join(' ');
  return {
    'content-type': 'application/json',
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
