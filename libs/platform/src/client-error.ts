import { STATUS_CODES } from 'node:http';
import { type Duplex } from 'node:stream';
import { HttpStatus } from '@nestjs/common';
import { ApiError, ErrorCode } from './errors';

/** How long a refused connection may stay half-open for the client to read its answer and close. */
const LINGER_MS = 5_000;

const answered = new WeakSet<Duplex>();

/** What Node's parser reports, by its error code; anything else is a request that is not HTTP/1.1. */
const CLIENT_ERRORS: Record<string, () => ApiError> = {
  // 431 Request Header Fields Too Large, which Nest's HttpStatus does not name.
  HPE_HEADER_OVERFLOW: () =>
    new ApiError(431, ErrorCode.HeadersTooLarge, 'Request line and headers are too large'),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: () =>
    new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, ErrorCode.PayloadTooLarge, 'Request body is too large'),
  ERR_HTTP_REQUEST_TIMEOUT: () =>
    new ApiError(HttpStatus.REQUEST_TIMEOUT, ErrorCode.RequestTimeout, 'Request took too long to arrive'),
};

function clientErrorOf(code: string | undefined): ApiError {
  const known = code !== undefined && Object.hasOwn(CLIENT_ERRORS, code) ? CLIENT_ERRORS[code] : undefined;
  return known
    ? known()
    : new ApiError(HttpStatus.BAD_REQUEST, ErrorCode.MalformedRequest, 'Request is not valid HTTP/1.1');
}

/**
 * Answers a request Node's HTTP parser refused (headers too large, a malformed request line, too slow)
 * with the uniform error body. The rest of what the client sends is discarded, so it reads the answer
 * instead of a reset.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const apiError = clientErrorOf(error.code);
  const body = JSON.stringify(apiError.toBody());
  socket.removeAllListeners('data');
  socket.on('data', () => undefined);
  socket.on('error', () => socket.destroy());
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
