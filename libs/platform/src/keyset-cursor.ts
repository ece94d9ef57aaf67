import { ApiError } from './errors';

/**
 * A position in a keyset listing: the sort value of a page's last row (its time, or for a listing sorted
 * by another column, that column's text) and its id.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** `Date.prototype.toISOString()` output, what a listing sorted by a timestamptz hands out. */
export const ISO_MILLISECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An opaque `next_cursor`: base64url of `[at, id]`. */
export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id]), 'utf8').toString('base64url');
}

/**
 * The position in a cursor this API handed out, or a 400: a tampered cursor must never reach SQL. `at` is
 * a time unless `text` says the listing sorts by a text column.
 */
export function decodeKeysetCursor(
  cursor: string,
  shape: { id: RegExp; at?: RegExp; text?: boolean },
): KeysetPosition {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded.length === 2 &&
      typeof decoded[0] === 'string' &&
      (shape.at === undefined || shape.at.test(decoded[0])) &&
      (shape.text === true || !Number.isNaN(Date.parse(decoded[0]))) &&
      typeof decoded[1] === 'string' &&
      shape.id.test(decoded[1])
    ) {
      return { at: decoded[0], id: decoded[1] };
    }
  } catch {
    // Falls through to the validation error below.
  }
  throw ApiError.validation([{ field: 'cursor', message: 'is not a cursor this API returned' }]);
}
