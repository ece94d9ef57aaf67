import { ErrorCode } from './errors';
import { nameConflict, violatesUnique, withIsoDates } from './rows';

describe('withIsoDates', () => {
  it('writes each Date as its ISO string, keeps null, other values and the key order', () => {
    const row = { id: 'sys_1', seen_at: null, tags: ['a'], created_at: new Date('2026-11-22T09:10:00.123Z') };

    const shown = withIsoDates(row);

    expect(shown).toEqual({
      id: 'sys_1',
      seen_at: null,
      tags: ['a'],
      created_at: '2026-11-22T09:10:00.123Z',
    });
    expect(Object.keys(shown)).toEqual(Object.keys(row));
  });
});

describe('violatesUnique', () => {
  const refusal = (code: string, constraint: string): unknown => ({ driverError: { code, constraint } });

  it('is true only for a unique violation of the named index', () => {
    expect(violatesUnique(refusal('23505', 'names_idx'), 'names_idx')).toBe(true);
    expect(violatesUnique(refusal('23505', 'other_idx'), 'names_idx')).toBe(false);
    expect(violatesUnique(refusal('23503', 'names_idx'), 'names_idx')).toBe(false);
    expect(violatesUnique(new Error('boom'), 'names_idx')).toBe(false);
  });
});

describe('nameConflict', () => {
  it('is a 409 conflict on the name field', () => {
    const error = nameConflict('policy', 'PII egress');

    expect(error.status).toBe(409);
    expect(error.toBody()).toEqual({
      error: {
        code: ErrorCode.Conflict,
        message: 'A policy named "PII egress" already exists in this organization',
        details: { field: 'name' },
      },
    });
  });
});
