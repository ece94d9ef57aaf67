import { unnestColumns } from './unnest-columns';

describe('unnestColumns', () => {
  it('turns rows into one array per column, in row order', () => {
    const rows = [
      { id: 'a', count: 1, seen: null },
      { id: 'b', count: 2, seen: '2026-11-26T00:00:00.000Z' },
    ];
    expect(unnestColumns(rows, (row) => [row.id, row.count, row.seen])).toEqual([
      ['a', 'b'],
      [1, 2],
      [null, '2026-11-26T00:00:00.000Z'],
    ]);
  });

  it('has no columns for no rows', () => {
    expect(unnestColumns([], () => ['unused'])).toEqual([]);
  });
});
