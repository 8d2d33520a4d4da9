/**
 * Over the ~300-line rule on purpose: one measurement (or one server) read top to bottom, set-up to report.
 *
 * Serves one built app (host or remote) on its own origin, as production would:
 * - host: SPA fallback to index.html, /config/remotes.json (the runtime remote map) written from the
 *   given map, and /api/* proxied to the API so the browser talks to one origin;
 * - remotes: CORS for the host's origin(s); mf-manifest.json and remoteEntry.js are never cached
 *   (a remote's new release is picked up on the next page load, with no host rebuild), hashed chunks are
 *   immutable.
 * - every response carries the security headers, and every page a strict Content-Security-Policy with a
 *   fresh nonce on its inline <script>/<style> elements (docs/security.md).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import replyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { pageRenderer } from './render-pages.ts';

export interface RemoteMapConfig {
  remotes: Record<string, string>;
  overrideOrigins: string[];
}

export interface ServeOptions {
  kind: 'host' | 'remote';
  /** The app's build output folder. */
  dir: string;
  port: number;
  host?: string;
  /** host only: where /api/* goes. */
  apiUrl?: string;
  /** host only: the runtime remote map served at /config/remotes.json. */
  remoteMap?: RemoteMapConfig;
  /**
   * host only: render pages on the server when the build can (default true). One process renders for one remote map:
   * Module Federation's runtime keeps one remote per name, so a second composition in the same process (a test's)
   * is served without it.
   */
  render?: boolean;
}

/** The proxy's answer when the API cannot be reached, in the API's error format (the shell shows its popup). */
const API_UNAVAILABLE = {
  statusCode: 502,
  error: 'Bad Gateway',
  code: 'API_UNAVAILABLE',
  message: 'The service is unavailable right now. Please try again later.',
};

/** The API's own security headers for JSON answers, put on the proxy's answers that never reached it. */
const API_ERROR_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-site',
  'Cache-Control': 'no-store',
};

/**
 * After the API answered before the client's body was all sent, how long and how much of the rest is read and
 * dropped before the client's connection is cut (nginx's lingering close; the bytes are twice the API's upload
 * limit, as the API's own bound).
 */
export const LINGER = { ms: 10_000, bytes: 100 * 1024 * 1024 };

/**
 * Reads and drops what is left of a request body whose forwarding stopped (the API answered early), within
 * LINGER. Closing the client's connection while it still sends would make its kernel reset the connection and
 * drop our answer; a client still sending past the bounds is cut off.
 */
function drainRestOfBody(raw: FastifyRequest['raw']): void {
  if (raw.complete || raw.destroyed) return;
  const socket = raw.socket;
  let dropped = 0;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, LINGER.ms);
  timer.unref();
  const count = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER.bytes) cut();
  };
  const done = () => {
    clearTimeout(timer);
    raw.off('data', count);
    raw.off('end', done);
    socket.off('close', done);
  };
  raw.on('data', count);
  raw.resume();
  raw.once('end', done);
  socket.once('close', done);
}

const NEVER_CACHE =
  /(^|\/)(index\.html|mf-manifest\.json|mf-manifest-stats\.json|remoteEntry\.js|remotes\.json|release\.json)$/;
const HASHED = /\.[0-9a-f]{8}\.(js|css)(\.map)?$/;

/** The only third-party frame the site embeds: the OpenStreetMap map (company page, contact-us). */
export const FRAME_ORIGINS = ['https://www.openstreetmap.org'];

/** Origins (scheme://host:port) of the configured remotes and of the allowed override origins. */
export function remoteOrigins(map: RemoteMapConfig | undefined): string[] {
  if (!map) return [];
  const origins = new Set<string>();
  for (const url of [...Object.values(map.remotes), ...map.overrideOrigins]) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  return [...origins];
}

/**
 * The page policy. Code runs only from this origin and the remotes' origins (no inline code except the
 * page's own nonce'd elements, no eval); styles likewise, Emotion's runtime <style> tags carrying the nonce.
 */
export function contentSecurityPolicy(remotes: string[], nonce?: string): string {
  const n = nonce ? [`'nonce-${nonce}'`] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...n],
    'style-src': ["'self'", ...remotes, ...n],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes],
    'font-src': ["'self'", ...remotes],
    'connect-src': ["'self'", ...remotes],
    'frame-src': FRAME_ORIGINS,
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Browser features the site never uses, switched off for it and for any frame it embeds. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()';

/**
 * The file of the page served for a URL: a page the build prerendered for that top-level path, /about →
 * about.html (host/build/prerender.ts: the page painted before any JavaScript), else index.html.
 */
export function pageFile(dir: string, url: string): string {
  const segment = /^\/([a-z][a-z-]*)\/?(?:[?#]|$)/.exec(url)?.[1];
  if (segment && segment !== 'index' && existsSync(path.join(dir, `${segment}.html`)))
    return `${segment}.html`;
  return 'index.html';
}

/** Puts the nonce on every <script> and <style> element of the page and on a <meta> the app reads. */
export function withNonce(html: string, nonce: string): string {
  const tagged = html.replace(/<(script|style)\b(?![^>]*\snonce=)/gi, `<$1 nonce="${nonce}"`);
  const meta = `<meta property="csp-nonce" nonce="${nonce}">`;
  return /<head\b[^>]*>/i.test(tagged)
    ? tagged.replace(/<head\b[^>]*>/i, (head) => `${head}${meta}`)
    : `${meta}${tagged}`;
}

export async function serveApp(options: ServeOptions): Promise<FastifyInstance> {
  const { kind, dir, port, host = '127.0.0.1' } = options;
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir} has no build (index.html missing)`);
  // Closing drops open keep-alive connections too: tests stop and restart single remotes.
  const app = Fastify({ logger: false, forceCloseConnections: true });

  const origins = kind === 'host' ? remoteOrigins(options.remoteMap) : [];
  const basePolicy = contentSecurityPolicy(origins);

  app.addHook('onSend', async (request, reply, payload) => {
    if (kind === 'remote') {
      // The manifest and chunks are fetched by the host page from another origin.
      reply.header('Access-Control-Allow-Origin', '*');
    }
    // Proxied API answers keep the API's own headers; the proxy's own answers (the API unreachable) get the
    // API's policy for JSON.
    if (kind === 'host' && (request.url === '/api' || request.url.startsWith('/api/'))) {
      if (!reply.hasHeader('Content-Security-Policy')) {
        for (const [name, value] of Object.entries(API_ERROR_HEADERS)) reply.header(name, value);
      }
      return payload;
    }
    // Pages set their own (with their nonce); everything else gets the page policy without one, which is
    // also the policy of the service worker script.
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', basePolicy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    // A remote's code is loaded by the host's page (another origin) through <script>.
    reply.header('Cross-Origin-Resource-Policy', kind === 'remote' ? 'cross-origin' : 'same-origin');
    // HSTS only means something over https (browsers ignore it on http): sent when TLS is in front.
    if (request.protocol === 'https' || request.headers['x-forwarded-proto'] === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    return payload;
  });

  await app.register(fastifyStatic, {
    root: dir,
    index: false,
    wildcard: true,
    // Pages are served by `page` below (with their nonce), never as raw files.
    // The host's server build (dist/server/) is the render server's code, not the site's: never served. A remote's
    // is, to the render server, which loads it over HTTP like a browser loads the browser build.
    allowedPath: (pathName) =>
      !pathName.endsWith('.html') && !(kind === 'host' && pathName.startsWith('/server/')),
    // The build writes .br and .gz next to each JS/CSS/HTML/JSON file (scripts/site/build.ts): served to
    // browsers that accept them (with Vary: Accept-Encoding), no compression work per request.
    preCompressed: true,
    setHeaders(res, served) {
      // The caching rule is the original file's (remoteEntry.js.br is as uncacheable as remoteEntry.js).
      const filePath = served.replace(/\.(br|gz)$/, '');
      if (NEVER_CACHE.test(filePath)) res.header('Cache-Control', 'no-cache');
      else if (HASHED.test(filePath)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'public, max-age=300');
    },
  });

  if (kind === 'host') {
    if (options.remoteMap) {
      const map = options.remoteMap;
      app.get('/config/remotes.json', async (_request, reply) =>
        reply.header('Cache-Control', 'no-store').send(map),
      );
    }
    if (options.apiUrl) {
      const apiUrl = options.apiUrl;
      await app.register(async (proxyScope) => {
        // Bodies (JSON, multipart uploads) pass through untouched, through a stream of their own: when the API
        // answers before the body is all sent (a refused 50 MB upload) the forwarding stops, the API's answer
        // goes back at once, and the rest of the client's body is read and dropped (see drainRestOfBody).
        proxyScope.removeAllContentTypeParsers();
        proxyScope.addContentTypeParser('*', (request, payload, done) => {
          const forwarded = new PassThrough();
          forwarded.once('close', () => drainRestOfBody(request.raw));
          payload.pipe(forwarded);
          done(null, forwarded);
        });
        await proxyScope.register(replyFrom, {
          base: apiUrl,
          // Node's http client, not undici: it hands over an answer that arrives while the body is still being
          // sent (undici fails the whole request with EPIPE, and the user saw a 500 instead of "file too
          // large"). `timeout` is the socket's idle time; the live stream's is lifted by reply-from.
          http: { requestOptions: { timeout: 60_000 } },
        });
        const forward = (request: FastifyRequest, reply: FastifyReply) =>
          reply.from(request.url, {
            rewriteRequestHeaders: (_req, headers) => {
              // Node's server already answered the client's `Expect: 100-continue`; the API gets the body. The render
              // header is the render server's (render-pages.ts), never a browser's: a page's own calls go without it.
              const { expect: _expect, 'x-bawaba-render': _render, ...rest } = headers;
              return { ...rest, 'x-forwarded-for': request.ip };
            },
            // reply-from marks an answer that came before the client's body was all read `Connection: close`,
            // and Node then closes the connection as soon as the answer is written — while the client is still
            // sending, so its kernel gets a reset and may drop the answer unread (a refused 50 MB upload seen as a
            // broken connection). The rest of the body is read and dropped instead (drainRestOfBody), which keeps
            // the connection usable: Node's parser skips the body's announced or chunked end before the next request.
            onResponse: (_request, proxyReply, upstream) => {
              proxyReply.removeHeader('connection');
              void proxyReply.send(upstream.stream);
            },
            onError: (proxyReply, { error }) => {
              // The API's answer already went out; the failure is the rest of a body it refused to read.
              if (proxyReply.sent) return;
              proxyReply.log.warn({ err: error }, 'API unreachable');
              void proxyReply.code(502).send(API_UNAVAILABLE);
            },
          });
        proxyScope.all('/api', forward);
        proxyScope.all('/api/*', forward);
      });
    }
  }

  // The page is read per request (a redeployed dist/ is served at once) and gets a fresh nonce.
  // Compressed per response too (a nonce makes every page unique): the page carries the static shell and
  // Chakra's global CSS (≈ 55 KB, ≈ 10 KB compressed), the first bytes a phone waits for.
  // The host renders its pages on the server when its build has a server entry (render-pages.ts); the pages the
  // build prerendered are files already.
  const renderer =
    kind === 'host' && options.apiUrl && options.remoteMap && options.render !== false
      ? pageRenderer({
          dir,
          apiUrl: options.apiUrl,
          remotes: options.remoteMap.remotes,
          log: (message) => console.warn(`[serve] ${message}`),
        })
      : null;
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = randomBytes(16).toString('base64');
    const file = pageFile(dir, request.url);
    let html = await readFile(path.join(dir, file), 'utf8');
    const rendered =
      renderer && file === 'index.html'
        ? await renderer.render(html, {
            url: request.url,
            cookie: request.headers.cookie,
            clientIp: request.ip,
          })
        : null;
    if (rendered) html = rendered.html;
    html = withNonce(html, nonce);
    // A page rendered for a signed-in person is theirs alone; every page depends on the cookies it was asked with.
    reply.header('Vary', renderer ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
    reply
      .header('Cache-Control', rendered?.personal ? 'private, no-store' : 'no-cache')
      .header('Content-Security-Policy', contentSecurityPolicy(origins, nonce))
      .type('text/html; charset=utf-8');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) {
      const body = brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
      return reply.header('Content-Encoding', 'br').send(body);
    }
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  };
  // The root is the app's page, not a directory listing; /index.html is the same page, never the raw file.
  app.get('/', page);
  app.get('/index.html', page);
  // Client-side routes: every other GET is the app's page — but not a missing file (a name with an extension, as
  // every built file has and no route does): a host asking a release for a file it does not have (an older
  // remote's server/remoteEntry.js) hears 404, not a page it would try to run.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || request.url.startsWith('/api/') || /\.[a-z\d]+$/i.test(pathname)) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' });
    }
    return page(request, reply);
  });

  await app.listen({ port, host });
  return app;
}
