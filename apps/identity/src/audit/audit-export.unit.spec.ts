import { type StoredEntry } from './audit-chain';
import { AUDIT_CSV_COLUMNS, csvField, csvHeader, csvRecord } from './audit-export';

describe('csvField', () => {
  it('leaves plain text alone and writes null as an empty field', () => {
    expect(csvField('system.updated')).toBe('system.updated');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-1)).toBe('-1');
  });
});

describe('csvRecord', () => {
  const entry: StoredEntry = {
    id: '0190a3b4-0000-7000-8000-000000000001',
    organization_id: 'org_01JD5Y2B7C9D1E3F5G7H9J1K3M',
    seq: 3,
    occurred_at: '2026-01-02T03:04:05.678Z',
    actor_type: 'user',
    actor_id: 'usr_01JD5Y2B7C9D1E3F5G7H9J1K3N',
    service: 'systems',
    action: 'system.updated',
    target_type: 'system',
    target_id: 'sys_01JD5Y2B7C9D1E3F5G7H9J1K3P',
    address: null,
    user_agent: 'Mozilla/5.0 (X11, Linux)',
    before: { tags: ['a'], name: 'Old, name' },
    after: null,
    previous_hash: '0'.repeat(64),
    hash: 'f'.repeat(64),
  };

  it('has a header naming every column, in the order of the records', () => {
    expect(csvHeader()).toBe(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('writes one CRLF-terminated record, snapshots as canonical JSON', () => {
    expect(csvRecord(entry)).toBe(
      [
        entry.id,
        entry.organization_id,
        '3',
        entry.occurred_at,
        'user',
        entry.actor_id,
        'systems',
        'system.updated',
        'system',
        entry.target_id,
        '',
        '"Mozilla/5.0 (X11, Linux)"',
        '"{""name"":""Old, name"",""tags"":[""a""]}"',
        '',
        entry.previous_hash,
        entry.hash,
      ].join(',') + '\r\n',
    );
  });
});
