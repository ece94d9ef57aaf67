import { HttpStatus } from '@nestjs/common';
import { type FastifyInstance } from 'fastify';
import { ConfigError, EnvReader } from './config';
import { ApiError, ErrorCode } from './errors';

export const DEFAULT_MAX_JSON_DEPTH = 64;

/** class-transformer and class-validator recurse, and overflow the stack a few thousand levels down. */
const MAX_JSON_DEPTH_CEILING = 1_000;

/** MAX_JSON_DEPTH: the deepest nesting of objects and arrays a JSON request body may have. */
export function readMaxJsonDepth(env: NodeJS.ProcessEnv = process.env): number {
  const reader = new EnvReader(env);
  const depth = reader.int('MAX_JSON_DEPTH', DEFAULT_MAX_JSON_DEPTH, { min: 1, max: MAX_JSON_DEPTH_CEILING });
  reader.assertValid();
  return depth;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether `text` opens more than `maxDepth` objects or arrays inside one another. One pass, no
 * recursion, stopping at the first bracket past the limit; brackets inside strings do not count.
 * Text that is not JSON gives false wherever it is unbalanced: the parser that follows refuses it.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Jump to the closing quote: the next one not escaped by an odd run of backslashes.
      for (;;) {
        const end = text.indexOf('"', i + 1);
        if (end === -1) return false;
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
        i = end;
        if (backslashes % 2 === 0) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (--depth < 0) return false;
    }
  }
  return false;
}

export function bodyTooDeep(maxDepth: number): ApiError {
  return new ApiError(
    HttpStatus.BAD_REQUEST,
    ErrorCode.BodyTooDeep,
    `Request body is nested more than ${maxDepth} levels deep`,
    { max_depth: maxDepth },
  );
}

/**
 * Fastify's own JSON parser behind a depth check: everything downstream that walks a body recurses, and
 * a body nested thousands of levels deep would overflow its stack.
 */
export function limitJsonDepth(fastify: FastifyInstance, maxDepth: number): void {
  if (!Number.isSafeInteger(maxDepth) || maxDepth < 1)
    throw new ConfigError([`the JSON depth limit must be a positive integer, got ${maxDepth}`]);
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (exceedsJsonDepth(text, maxDepth)) {
      done(bodyTooDeep(maxDepth), undefined);
      return;
    }
    void parse(request, text, done);
  });
}
