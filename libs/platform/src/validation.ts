import { types } from 'node:util';
import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import { ApiError, type FieldProblem } from './errors';

/** What Nest's own stripProtoKeys leaves alone: values whose contents are not plain data. */
const BUILT_IN_TYPES: ReadonlyArray<abstract new (...args: never[]) => unknown> = [
  Date,
  RegExp,
  Error,
  Map,
  Set,
  WeakMap,
  WeakSet,
];

/**
 * Nest's stripProtoKeys with its own stack instead of recursion, which overflows on a value nested a few
 * thousand levels deep (JSON bodies are refused first, by MAX_JSON_DEPTH). Each object is visited once.
 */
export function stripProtoKeys(root: unknown): void {
  const visited = new WeakSet<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object' || types.isTypedArray(value) || visited.has(value))
      continue;
    visited.add(value);
    if (BUILT_IN_TYPES.some((type) => value instanceof type)) continue;
    if (Array.isArray(value)) {
      // Object.values skips the holes of a sparse array, whatever its length.
      for (const item of Object.values(value)) stack.push(item);
      continue;
    }
    const record = value as Record<string, unknown>;
    delete record['__proto__'];
    delete record['prototype'];
    if (!BUILT_IN_TYPES.includes(record['constructor'] as (typeof BUILT_IN_TYPES)[number]))
      delete record['constructor'];
    for (const key in record) stack.push(record[key]);
  }
}

function flatten(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * class-validator with unknown fields refused and every bad field listed. A body that is not a JSON
 * object is refused here, before class-transformer sees it.
 */
// In a `u` regex a surrogate pair is one code point, so only a lone surrogate is of category Cs.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The path of the first string holding a lone surrogate (JSON can escape one, `"\ud800"`), which no text
 * column stores and some validators throw on; undefined when every string is well formed.
 */
export function illFormedString(value: unknown, path = ''): string | undefined {
  // Nearly every body is well formed: a walk that builds no paths says so, and only a hit is walked again.
  return holdsIllFormedString(value) ? pathOfIllFormedString(value, path) : undefined;
}

function holdsIllFormedString(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(holdsIllFormedString);
  for (const key in value)
    if (Object.hasOwn(value, key) && holdsIllFormedString((value as Record<string, unknown>)[key]))
      return true;
  return false;
}

function pathOfIllFormedString(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = pathOfIllFormedString(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      stopAtFirstError: false,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => ApiError.validation(flatten(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw ApiError.validation([{ field: 'body', message: 'must be a JSON object' }]);
    }
    const malformed = illFormedString(value, metadata.type === 'body' ? '' : (metadata.data ?? ''));
    if (malformed !== undefined)
      throw ApiError.validation([
        { field: malformed || metadata.type, message: 'must be well-formed Unicode' },
      ]);
    return super.transform(value, metadata) as Promise<unknown>;
  }

  protected override stripProtoKeys(value: unknown): void {
    stripProtoKeys(value);
  }
}
