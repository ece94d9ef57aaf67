import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type FastifyInstance } from 'fastify';
import { answerClientError } from './client-error';
import { ErrorCode } from './errors';
import { DEFAULT_REQUEST_TIMEOUT_MS, requestTimeouts } from './http-timeouts';

export interface ComposedService {
  name: string;
  /** Path prefixes this service answers, such as `/v1/webhooks`. */
  routes: string[];
  fastify: FastifyInstance;
}

function matches(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The service with the longest prefix of `path`: `/admin/v1/webhooks` beats identity's `/admin/v1`. */
function ownerOf(services: ComposedService[], path: string): ComposedService | undefined {
  let owner: ComposedService | undefined;
  let longest = -1;
  for (const service of services)
    for (const prefix of service.routes)
      if (prefix.length > longest && matches(path, prefix)) {
        owner = service;
        longest = prefix.length;
      }
  return owner;
}

/**
 * Serves several services' Fastify instances on one port, routing by path prefix the way the edge proxy
 * does in the distributed deployment. Health and metrics answer for the whole process. A path no service
 * owns goes to `fallback` when there is one (the console's static site, as the edge routes `/`).
 */
export function serveComposition(
  services: ComposedService[],
  fallback?: FastifyInstance,
  requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
): Server {
  const [first] = services;
  if (!first) throw new Error('a composition needs at least one service');
  const server = createServer(
    requestTimeouts(requestTimeoutMs),
    (request: IncomingMessage, response: ServerResponse) => {
      const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
      if (path === '/health/ready') {
        void answerReadiness(services, response);
        return;
      }
      const owner = path === '/health/live' || path === '/metrics' ? first : ownerOf(services, path);
      if (!owner && fallback) {
        fallback.routing(request, response);
        return;
      }
      if (!owner) {
        response.writeHead(404, {
          'content-type': 'application/json; charset=utf-8',
          'x-content-type-options': 'nosniff',
        });
        response.end(
          JSON.stringify({ error: { code: ErrorCode.NotFound, message: 'No such resource', details: null } }),
        );
        return;
      }
      owner.fastify.routing(request, response);
    },
  );
  server.on('clientError', answerClientError);
  return server;
}

async function answerReadiness(services: ComposedService[], response: ServerResponse): Promise<void> {
  const results = await Promise.all(
    services.map(async (service) => {
      const reply = await service.fastify.inject({ method: 'GET', url: '/health/ready' });
      return {
        name: service.name,
        ready: reply.statusCode === 200,
        report: reply.json<Record<string, unknown>>(),
      };
    }),
  );
  const ready = results.every((result) => result.ready);
  response.writeHead(ready ? 200 : 503, { 'content-type': 'application/json; charset=utf-8' });
  const reports = Object.fromEntries(results.map((result) => [result.name, result.report]));
  response.end(JSON.stringify({ status: ready ? 'ok' : 'unavailable', services: reports }));
}
