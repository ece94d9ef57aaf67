import { ApiError } from './errors';
import { decodeKeysetCursor, encodeKeysetCursor, ISO_MILLISECONDS } from './keyset-cursor';

const SYSTEM_CURSOR = { at: ISO_MILLISECONDS, id: /^sys_[0-9A-HJKMNP-TV-Z]{26}$/ };
const position = { at: '2026-11-22T10:00:00.123Z', id: 'sys_01M80KHQCDX80D35NJCG19CZQR' };

function refusal(cursor: string, shape: { id: RegExp; at?: RegExp }): ApiError {
  try {
    decodeKeysetCursor(cursor, shape);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error(`accepted ${cursor}`);
}

describe('keyset cursor', () => {
  it('round-trips a position', () => {
    expect(decodeKeysetCursor(encodeKeysetCursor(position), SYSTEM_CURSOR)).toEqual(position);
  });

  it.each([
    'not-base64!',
    Buffer.from('[]').toString('base64url'),
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('["yesterday","sys_01M80KHQCDX80D35NJCG19CZQR"]').toString('base64url'),
    Buffer.from('["2026-11-22 10:00:00+00","sys_01M80KHQCDX80D35NJCG19CZQR"]').toString('base64url'),
    Buffer.from(`["${position.at}","sys_' OR 1=1"]`).toString('base64url'),
    Buffer.from(`["${position.at}",42]`).toString('base64url'),
  ])('refuses %s as a 400 on the cursor field', (cursor) => {
    const error = refusal(cursor, SYSTEM_CURSOR);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.details).toEqual([{ field: 'cursor', message: expect.any(String) }]);
  });

  it('without a time shape, takes any time Postgres can parse back, and still no bad id', () => {
    const exact = { at: '2026-11-22 10:00:00.123456+00', id: '0190c1a2-0000-7000-8000-000000000000' };
    const shape = { id: /^[0-9a-f-]{36}$/ };
    expect(decodeKeysetCursor(encodeKeysetCursor(exact), shape)).toEqual(exact);
    expect(refusal(encodeKeysetCursor({ ...exact, at: 'soon' }), shape).status).toBe(400);
    expect(refusal(encodeKeysetCursor({ ...exact, id: 'x' }), shape).status).toBe(400);
  });
});
