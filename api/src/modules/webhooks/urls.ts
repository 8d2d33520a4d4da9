import { lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { WebhookConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';

/**
 * Where a webhook may be sent (server-side request forgery): an https:// address in production, and never — unless
 * WEBHOOK_ALLOW_PRIVATE_URLS=1, the default outside production — a loopback, private, link-local, shared or
 * otherwise non-public address. The rule is checked on the address as written when a subscription is made, and
 * again on every address its host name resolves to when a delivery connects (`guardedLookup`), so a name that later
 * points inside the network is refused too.
 */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4, v6, or v4 mapped into v6) is outside the public internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host as written in a URL, without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Refuses an address a subscription may not use (422), as written: the scheme, and a literal or local host. */
export function checkWebhookUrl(config: WebhookConfig, raw: string): void {
  const url = new URL(raw);
  if (config.requireHttps && url.protocol !== 'https:') throw new AppError('WEBHOOK_URL_HTTPS_REQUIRED');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AppError('WEBHOOK_URL_HTTPS_REQUIRED');
  if (config.allowPrivateUrls) return;
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local'))
    throw new AppError('WEBHOOK_URL_PRIVATE');
  if (isIP(host) !== 0 && isPrivateAddress(host)) throw new AppError('WEBHOOK_URL_PRIVATE');
}

/** Why a delivery's address was refused when it connected (kept as the attempt's error). */
export const PRIVATE_ADDRESS_ERROR = 'Refused: the address resolves to a local or private network address';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string, family: number) => void;

/**
 * A `lookup` for node:http(s) that resolves the host and refuses the connection when an address it resolves to is
 * not public (unless allowed): checked on the addresses actually connected to, so DNS cannot swap them in between.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const bad = !allowPrivate && list.some((a) => isPrivateAddress(a.address));
      const first = list[0];
      if (bad || !first)
        return callback(Object.assign(new Error(PRIVATE_ADDRESS_ERROR), { code: 'EPRIVATE' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
