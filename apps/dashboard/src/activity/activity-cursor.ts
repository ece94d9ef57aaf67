import { ApiError } from '@governance/platform';

export interface ActivityPosition {
  occurredAt: string;
  eventId: string;
}

export function encodeActivityCursor(position: ActivityPosition): string {
  return Buffer.from(JSON.stringify([position.occurredAt, position.eventId]), 'utf8').toString('base64url');
}

/** A cursor this API handed out, or a 400: a tampered cursor must never reach SQL as a bad timestamp. */
export function decodeActivityCursor(cursor: string): ActivityPosition {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded.length === 2 &&
      typeof decoded[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(decoded[0]) &&
      !Number.isNaN(Date.parse(decoded[0])) &&
      typeof decoded[1] === 'string' &&
      /^[\w.:-]{1,100}$/.test(decoded[1])
    ) {
      return { occurredAt: decoded[0], eventId: decoded[1] };
    }
  } catch {
    // Falls through to the validation error below.
  }
  throw ApiError.validation([{ field: 'cursor', message: 'is not a cursor this API returned' }]);
}
