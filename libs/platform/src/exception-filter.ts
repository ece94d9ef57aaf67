import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { ApiError, ErrorCode } from './errors';
import { type Logger } from './logger';

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: ErrorCode.ValidationFailed,
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
  429: ErrorCode.TooManyRequests,
  503: ErrorCode.ServiceUnavailable,
};

interface FastifyLikeError {
  statusCode?: unknown;
  code?: unknown;
  message?: unknown;
}

/** Maps anything thrown while serving a request onto the uniform error body. */
export function toApiError(exception: unknown): ApiError {
  if (exception instanceof ApiError) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code =
      CODE_BY_STATUS[status] ?? (status >= 500 ? ErrorCode.InternalError : ErrorCode.ValidationFailed);
    const message = status === 404 ? 'No such resource' : exception.message;
    return new ApiError(status, code, message);
  }
  // Errors raised by Fastify itself while reading the request, before any handler runs.
  const error = (exception ?? {}) as FastifyLikeError;
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 415) {
    return new ApiError(status, ErrorCode.UnsupportedMediaType, 'Content-Type must be application/json');
  }
  if (status === 413) return new ApiError(status, ErrorCode.PayloadTooLarge, 'Request body is too large');
  if (status >= 400 && status < 500) {
    const malformed = typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP');
    const isSyntax = exception instanceof SyntaxError;
    if (malformed || isSyntax) {
      return new ApiError(HttpStatus.BAD_REQUEST, ErrorCode.MalformedJson, 'Request body is not valid JSON');
    }
    return new ApiError(status, CODE_BY_STATUS[status] ?? ErrorCode.ValidationFailed, 'Bad request');
  }
  return new ApiError(HttpStatus.INTERNAL_SERVER_ERROR, ErrorCode.InternalError, 'Internal server error');
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const apiError = toApiError(exception);
    if (apiError.status >= 500) this.logger.error({ err: exception }, 'request failed');
    void sendApiError(host.switchToHttp().getResponse<FastifyReply>(), apiError);
  }
}

/** Answers with `error` in the uniform error body. */
export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
  return reply
    .status(error.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(error.toBody());
}
