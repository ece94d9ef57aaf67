import { randomUUID } from 'node:crypto';
import { type DynamicModule, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ApiExceptionFilter, toApiError } from './exception-filter';
import { type Logger, PinoNestLogger } from './logger';
import { httpRequestDuration } from './metrics';
import { RequestValidationPipe } from './validation';

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes?: number;
}

const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/*
 * Nest turns errors Fastify raises while reading a request (bad JSON, wrong media type, too large) into
 * bare HttpExceptions and drops their codes. Answering them here keeps `malformed_json`,
 * `unsupported_media_type` and `payload_too_large` distinct; everything else goes to Nest as before.
 */
class UniformErrorsFastifyAdapter extends FastifyAdapter {
  override setErrorHandler(
    handler: Parameters<FastifyAdapter['setErrorHandler']>[0],
  ): ReturnType<FastifyAdapter['setErrorHandler']> {
    return super.setErrorHandler(function (this: FastifyInstance, error, request, reply) {
      if (error instanceof Error && error.name === 'FastifyError') {
        const apiError = toApiError(error);
        return reply
          .status(apiError.status)
          .header('content-type', 'application/json; charset=utf-8')
          .send(apiError.toBody());
      }
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
  const adapter = new UniformErrorsFastifyAdapter({
    bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    logger: false,
    trustProxy: true,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // Errors the router raises before any route matches, such as a malformed percent-encoding.
    frameworkErrors: (error: Error, _request: FastifyRequest, reply: FastifyReply) => {
      const apiError = toApiError(error);
      void reply
        .status(apiError.status)
        .header('content-type', 'application/json; charset=utf-8')
        .send(apiError.toBody());
    },
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
  instrumentRequests(fastify, options.name, options.logger);
  return app;
}

function instrumentRequests(fastify: FastifyInstance, service: string, logger: Logger): void {
  const duration = httpRequestDuration();
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    duration.observe({ service, method: request.method, route, status: String(reply.statusCode) }, seconds);
    if (route === '/metrics' || route.startsWith('/health/')) return;
    logger.info(
      {
        request_id: request.id,
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
}
