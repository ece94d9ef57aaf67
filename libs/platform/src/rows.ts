import { HttpStatus } from '@nestjs/common';
import { ApiError, ErrorCode } from './errors';

/** A row as JSON carries it: each Date (or nullable Date) becomes an ISO 8601 string. */
export type WithIsoDates<Row> = {
  [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K];
};

/** The row behind a response: the timestamps `K` as Dates, nullable where the response's are. */
export type WithDates<Response, K extends keyof Response> = Omit<Response, K> & {
  [P in K]: null extends Response[P] ? Date | null : Date;
};

/** The row with its Dates as ISO 8601 strings, its keys in the same order; only the top level is read. */
export function withIsoDates<Row extends object>(row: Row): WithIsoDates<Row> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    result[key] = value instanceof Date ? value.toISOString() : value;
  return result as WithIsoDates<Row>;
}

/** True when `error` is PostgreSQL's unique index `constraint` refusing a write (SQLSTATE 23505). */
export function violatesUnique(error: unknown, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}

/** 409 `conflict` on `name`: the organization already has a `kind` (system, policy) of that name. */
export function nameConflict(kind: string, name: string): ApiError {
  return new ApiError(
    HttpStatus.CONFLICT,
    ErrorCode.Conflict,
    `A ${kind} named "${name}" already exists in this organization`,
    { field: 'name' },
  );
}

/**
 * `true` when A and B have the same keys, else `never`: assigning `true` to it makes two shapes that must
 * match (an API record and the event it becomes, a PATCH body and the fields it edits) a build error
 * once they drift apart.
 */
export type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? true
  : never;
