/**
 * Serves one built app (host or remote) on its own origin, as production would:
 * - host: SPA fallback to index.html, /config/remotes.json (the runtime remote map) written from the
 *   given map, and /api/* proxied to the API so the browser talks to one origin;
 * - remotes: CORS for the host's origin(s); mf-manifest.json and remoteEntry.js are never cached
 *   (a remote's new release is picked up on the next page load, with no host rebuild), hashed chunks are
 *   immutable.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import replyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

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
}

const NEVER_CACHE =
  /(^|\/)(index\.html|mf-manifest\.json|mf-manifest-stats\.json|remoteEntry\.js|remotes\.json)$/;
const HASHED = /\.[0-9a-f]{8}\.(js|css)(\.map)?$/;

export async function serveApp(options: ServeOptions): Promise<FastifyInstance> {
  const { kind, dir, port, host = '127.0.0.1' } = options;
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir} has no build (index.html missing)`);
  // Closing drops open keep-alive connections too: tests stop and restart single remotes.
  const app = Fastify({ logger: false, forceCloseConnections: true });

  app.addHook('onSend', async (_request, reply, payload) => {
    if (kind === 'remote') {
      // The manifest and chunks are fetched by the host page from another origin.
      reply.header('Access-Control-Allow-Origin', '*');
    }
    return payload;
  });

  await app.register(fastifyStatic, {
    root: dir,
    index: false,
    wildcard: true,
    setHeaders(res, filePath) {
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
        // Bodies (JSON, multipart uploads) pass through untouched.
        proxyScope.removeAllContentTypeParsers();
        proxyScope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
        await proxyScope.register(replyFrom, {
          base: apiUrl,
          // Server-sent events stay open: no body timeout (heartbeats keep intermediaries alive).
          undici: { bodyTimeout: 0, headersTimeout: 30_000 },
        });
        const forward = (request: FastifyRequest, reply: FastifyReply) =>
          reply.from(request.url, {
            rewriteRequestHeaders: (_req, headers) => ({ ...headers, 'x-forwarded-for': request.ip }),
          });
        proxyScope.all('/api', forward);
        proxyScope.all('/api/*', forward);
      });
    }
  }

  const page = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  // The root is the app's page, not a directory listing.
  app.get('/', page);
  // Client-side routes: every other GET is the app's page.
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' });
    }
    return page(request, reply);
  });

  await app.listen({ port, host });
  return app;
}
