import { auditChanges, auditFields } from './audit-summary';

describe('auditFields', () => {
  it('keeps only the listed fields, dates as ISO text and missing ones as null', () => {
    const record = {
      name: 'Claims',
      secret: 'whsec_x',
      created_at: new Date('2026-01-02T03:04:05.678Z'),
      owner: undefined as string | undefined,
    };
    expect(auditFields(record, ['name', 'created_at', 'owner'])).toEqual({
      name: 'Claims',
      created_at: '2026-01-02T03:04:05.678Z',
      owner: null,
    });
  });
});

describe('auditChanges', () => {
  const before = { name: 'A', tags: ['x', 'y'], active: true, description: null as string | null };

  it('lists only the fields whose values differ, on both sides', () => {
    const after = { ...before, name: 'B', description: 'now described' };
    expect(auditChanges(before, after, ['name', 'tags', 'active', 'description'])).toEqual({
      before: { name: 'A', description: null },
      after: { name: 'B', description: 'now described' },
      changed: true,
    });
  });

  it('compares arrays by content, not identity', () => {
    expect(auditChanges(before, { ...before, tags: ['x', 'y'] }, ['tags']).changed).toBe(false);
    expect(auditChanges(before, { ...before, tags: ['y', 'x'] }, ['tags'])).toEqual({
      before: { tags: ['x', 'y'] },
      after: { tags: ['y', 'x'] },
      changed: true,
    });
  });

  it('says nothing changed when no listed field did, whatever the others do', () => {
    expect(auditChanges(before, { ...before, active: false }, ['name'])).toEqual({
      before: null,
      after: null,
      changed: false,
    });
  });

  it('treats equal dates as equal', () => {
    const at = { at: new Date('2026-01-01T00:00:00.000Z') };
    expect(auditChanges(at, { at: new Date('2026-01-01T00:00:00.000Z') }, ['at']).changed).toBe(false);
  });
});
