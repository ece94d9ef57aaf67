import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode, STRICT_TRANSPORT_SECURITY } from '@governance/platform';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/** Paths that belong to the API even when nothing serves them: they never get the console's page. */
export const API_PREFIXES = ['/api', '/v1', '/admin', '/health', '/metrics', '/docs'] as const;

/**
 * The console's page loads only what its own origin serves: no inline script or style, no other host,
 * not framed. The same policy is in the console container's nginx.conf.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const isApiPath = (path: string): boolean =>
  API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

function pageHeaders(reply: FastifyReply): void {
  void reply
    .header('content-security-policy', CONSOLE_CSP)
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin');
}

/**
 * Serves the built console (dist/apps/console): hashed assets cached for a year, the page itself never
 * without asking again, and the page for every other browser navigation so the console's router takes
 * it (`/systems/sys_…` reloaded). Undefined when the console was not built.
 */
export async function createConsoleSite(
  root: string,
  options: { strictTransportSecurity: boolean } = { strictTransportSecurity: false },
): Promise<FastifyInstance | undefined> {
  if (!existsSync(join(root, 'index.html'))) return undefined;
  const site = Fastify({ logger: false });
  if (options.strictTransportSecurity)
    site.addHook('onSend', async (_request, reply) => {
      void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    });
  await site.register(fastifyStatic, {
    root,
    index: ['index.html'],
    // Directories are not browsed: /assets/ is not a listing, and /systems/ is a console route.
    redirect: false,
    cacheControl: false,
    setHeaders(reply, path) {
      if (path.endsWith('.html')) pageHeaders(reply);
      else if (path.includes(`${sep}assets${sep}`))
        void reply.header('cache-control', 'public, max-age=31536000, immutable');
      else void reply.header('cache-control', 'no-cache');
    },
  });
  site.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html') &&
      !isApiPath(path);
    if (wantsPage) return reply.sendFile('index.html');
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ error: { code: ErrorCode.NotFound, message: 'No such resource', details: null } });
  });
  await site.ready();
  return site;
}
