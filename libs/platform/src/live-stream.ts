import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  HttpStatus,
  type NestInterceptor,
  Sse,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation, type ApiOperationOptions, ApiResponse } from '@nestjs/swagger';
import { type Observable } from 'rxjs';
import { ApiError, ErrorCode } from './errors';
import { ApiErrors } from './openapi';

/**
 * A stream answers only a client that asked for one (`Accept: text/event-stream`, as every EventSource
 * sends): anything else, such as a client reading the body to its end, gets a 406 instead of a response
 * that never ends.
 */
class AcceptsEventStream implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const accept = context.switchToHttp().getRequest<{ headers: { accept?: string } }>().headers.accept;
    if (!accept?.toLowerCase().includes('text/event-stream'))
      throw new ApiError(
        HttpStatus.NOT_ACCEPTABLE,
        ErrorCode.NotAcceptable,
        'This is a stream of server-sent events: send Accept: text/event-stream',
      );
    return next.handle();
  }
}

/**
 * A server-sent events stream of what changed (`text/event-stream`), for the console's live updates:
 * `ready` once listening, then `change` events naming the `topics` that moved, and `heartbeat`s.
 */
export function LiveStream(
  path: string,
  topics: readonly string[],
  operation: ApiOperationOptions,
): MethodDecorator {
  const events =
    'Needs `Accept: text/event-stream`. Sends `event: ready` once the stream listens (read again then: ' +
    'changes made while away are not replayed), `event: change` with `data: {"topics": [...]}` naming what ' +
    `moved (${topics.map((topic) => `\`${topic}\``).join(', ')}), and \`event: heartbeat\` every 20 s. ` +
    'Changes carry no data: read it through the ordinary endpoints, which authorize it. The stream ends ' +
    'after `LIVE_STREAM_MAX_MS` (5 minutes); reconnecting authorizes again.';
  return applyDecorators(
    Sse(path),
    UseInterceptors(AcceptsEventStream),
    ApiOperation({ ...operation, description: `${operation.description ?? ''} ${events}`.trim() }),
    ApiResponse({
      status: 200,
      description: 'The stream of changes.',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    }),
    ApiErrors(406),
  );
}
