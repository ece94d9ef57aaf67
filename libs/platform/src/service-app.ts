import { randomUUID } from 'node:crypto';
import { type DynamicModule, type Type } from '@nestjs/common';
import { context, trace, type Context } from '@opentelemetry/api';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { answerClientError } from './client-error';
import { DEFAULT_REQUEST_TIMEOUT_MS, requestTimeouts } from './http-timeouts';
import { addSecurityHeaders } from './security-headers';
import { ApiError } from './errors';
import { ApiExceptionFilter, sendApiError, toApiError } from './exception-filter';
import { limitJsonDepth, readMaxJsonDepth } from './json-body';
import { type Logger, PinoNestLogger } from './logger';
import { httpRequestDuration } from './metrics';
import { buildOpenApiDocument, type OpenAPIObject, serveOpenApiDocs } from './openapi';
import {
  extractTraceContext,
  readTracesExporter,
  type Span,
  SpanKind,
  SpanStatusCode,
  startTracing,
  traceLogFields,
  tracer,
  type TracesExporter,
  withRequestId,
} from './tracing';
import { attachRequestContext, withRequestContext } from './request-context';
import { RequestValidationPipe } from './validation';

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes?: number;
  /** Deepest nesting of objects and arrays in a JSON body; MAX_JSON_DEPTH (default 64) unless given. */
  maxJsonDepth?: number;
  /** Where finished spans go; OTEL_TRACES_EXPORTER (default `none`) unless given. */
  tracesExporter?: TracesExporter;
  /**
   * Addresses of the proxies whose X-Forwarded-* headers are believed (proxy-addr syntax: addresses, CIDR
   * ranges, `loopback`…, comma-separated); none when unset or empty.
   */
  trustProxy?: string | undefined;
  /** How long a request, body included, may take to arrive (REQUEST_TIMEOUT_MS); 60 s unless given. */
  requestTimeoutMs?: number;
  /** Served over TLS (`PUBLIC_URL` https): every answer tells browsers to keep to HTTPS. */
  strictTransportSecurity?: boolean;
  /** The document served at /docs; by default the one of this application's own routes. */
  openApiDocument?: () => OpenAPIObject;
}

const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
/** The largest refused body read to its end so that its sender gets the 413 rather than a reset. */
const DRAINED_BODY_MAX_BYTES = 64 * 1024 * 1024;

/*
 * Nest turns errors Fastify raises while reading a request (bad JSON, wrong media type, too large) into
 * bare HttpExceptions and drops their codes. Answering them here keeps `malformed_json`,
 * `unsupported_media_type`, `payload_too_large` and the body parser's own `body_too_deep` distinct;
 * everything else goes to Nest as before.
 */
class UniformErrorsFastifyAdapter extends FastifyAdapter {
  override setErrorHandler(
    handler: Parameters<FastifyAdapter['setErrorHandler']>[0],
  ): ReturnType<FastifyAdapter['setErrorHandler']> {
    return super.setErrorHandler(function (this: FastifyInstance, error, request, reply) {
      if (error instanceof ApiError || (error instanceof Error && error.name === 'FastifyError'))
        return sendApiError(reply, toApiError(error));
      return (handler as (this: FastifyInstance, ...args: unknown[]) => unknown).call(
        this,
        error,
        request,
        reply,
      );
    } as Parameters<FastifyAdapter['setErrorHandler']>[0]);
  }
}

/** One service's Nest application on Fastify, with the uniform errors, validation, logs and metrics. */
export async function createServiceApp(
  module: Type | DynamicModule,
  options: ServiceAppOptions,
): Promise<NestFastifyApplication> {
  startTracing({ exporter: options.tracesExporter ?? readTracesExporter() });
  const maxJsonDepth = options.maxJsonDepth ?? readMaxJsonDepth();
  const timeouts = requestTimeouts(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const adapter = new UniformErrorsFastifyAdapter({
    bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    // A body sent slowly is cut off like slow headers are (408), or each such socket is held for good.
    requestTimeout: timeouts.requestTimeout,
    http: timeouts,
    logger: false,
    // X-Forwarded-For is believed only from the proxies the operator lists: any other client, on a private
    // network too, could otherwise choose the address that sign-in limits and the audit trail see.
    trustProxy: trustedProxies(options.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // Requests Node's HTTP parser refuses (headers too large, not HTTP) get the uniform error body too.
    clientErrorHandler: answerClientError,
    // Errors the router raises before any route matches, such as a malformed percent-encoding.
    frameworkErrors: (error: Error, _request: FastifyRequest, reply: FastifyReply) =>
      void sendApiError(reply, toApiError(error)),
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new PinoNestLogger(options.logger),
    abortOnError: false,
    // Nest would add a form-urlencoded parser in init(); every body this API accepts is JSON, which
    // Fastify parses itself, so any other media type gets 415 rather than being read as fields.
    bodyParser: false,
  });
  app.useGlobalFilters(new ApiExceptionFilter(options.logger));
  app.useGlobalPipes(new RequestValidationPipe());
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeContentTypeParser('text/plain');
  limitJsonDepth(fastify, maxJsonDepth);
  instrumentRequests(fastify, options.name, options.logger);
  addSecurityHeaders(fastify, { strictTransportSecurity: options.strictTransportSecurity ?? false });
  serveOpenApiDocs(app, options.openApiDocument ?? (() => buildOpenApiDocument([app])));
  return app;
}

/** The proxy list as Fastify takes it: false (the connection's own address) when none is listed. */
export function trustedProxies(list: string | undefined): string[] | false {
  const proxies = (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  return proxies.length > 0 ? proxies : false;
}

/** Scrapes and health probes: measured, but neither traced nor logged, or they would drown the rest. */
function isProbeRoute(route: string): boolean {
  return route === '/metrics' || route.startsWith('/health/');
}

interface RequestTrace {
  span: Span;
  context: Context;
}

/**
 * Metrics by route pattern (never the raw URL, whose ids would make a series per resource), one span
 * per request that continues an incoming `traceparent`, and one log line per request.
 */
function instrumentRequests(fastify: FastifyInstance, service: string, logger: Logger): void {
  const duration = httpRequestDuration();
  const traces = new WeakMap<FastifyRequest, RequestTrace>();
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    const route = request.routeOptions.url ?? 'unmatched';
    if (isProbeRoute(route)) return;
    const parent = extractTraceContext(request.headers);
    const span = tracer().startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'service.name': service,
          'http.request.method': request.method,
          'http.route': route,
          'http.request.id': request.id,
        },
      },
      parent,
    );
    // Mutable: the guard adds the actor once it has authenticated the request.
    const requestContext = attachRequestContext(request, {
      address: request.ip ?? null,
      userAgent: request.headers['user-agent'] ?? null,
    });
    traces.set(request, {
      span,
      context: withRequestContext(withRequestId(trace.setSpan(parent, span), request.id), requestContext),
    });
  });
  // The handler runs inside the request's span, so what it logs and the events it appends carry the
  // trace. Callback style on purpose: Fastify calls the handler from `done`, within this context.
  fastify.addHook('preHandler', (request, _reply, done) => {
    const requestTrace = traces.get(request);
    if (requestTrace) context.with(requestTrace.context, done);
    else done();
  });
  // A request in flight when the server starts closing gets its answer, and its connection closes
  // after it: a kept-alive connection would otherwise hold the close open until its idle timeout.
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onSend', async (request, reply) => {
    if (closing) void reply.header('connection', 'close');
    // Fastify closes the connection after a refused body, which resets a client still uploading it before
    // it reads its 413; Node instead discards the rest of a declared body of bounded size and keeps it open.
    else if (reply.statusCode === 413 && Number(request.headers['content-length']) <= DRAINED_BODY_MAX_BYTES)
      reply.removeHeader('connection');
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    duration.observe({ service, method: request.method, route, status: String(reply.statusCode) }, seconds);
    const requestTrace = traces.get(request);
    if (requestTrace) {
      requestTrace.span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) requestTrace.span.setStatus({ code: SpanStatusCode.ERROR });
      requestTrace.span.end();
    }
    // The line's fields cost more to gather than the rest of this hook; skip them when it is not written.
    if (isProbeRoute(route) || !logger.isLevelEnabled('info')) return;
    logger.info(
      {
        request_id: request.id,
        ...traceLogFields(requestTrace?.span),
        method: request.method,
        route,
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}

/** What a service's `service.js` bundle hands to whoever runs it: alone, or composed with others. */
export interface ServiceInstance {
  name: string;
  /** Path prefixes the service answers; the composition and the edge proxy route by them. */
  routes: string[];
  app: NestFastifyApplication;
  /** What the person who started it must read (a first-start link): printed by the standalone, never logged. */
  notices?: () => string[];
}
