import { SqlConditions } from './sql-conditions';

describe('SqlConditions', () => {
  it('numbers the parameters of each condition in the order they are added', () => {
    const where = new SqlConditions().add('organization_id = $', 'org_1').add('type = $', 'pdf');
    where.add('(created_at, id) < ($::timestamptz, $)', '2026-01-01', 'rpt_9');
    expect(`${where.sql} LIMIT ${where.param(10)}`).toBe(
      'organization_id = $1 AND type = $2 AND (created_at, id) < ($3::timestamptz, $4) LIMIT $5',
    );
    expect(where.params).toEqual(['org_1', 'pdf', '2026-01-01', 'rpt_9', 10]);
  });
});
