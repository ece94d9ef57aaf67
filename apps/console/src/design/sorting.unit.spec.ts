import { nextSort, sortRows } from './sorting';

describe('table sorting', () => {
  const rows = [
    { name: 'beta 10', score: 3 },
    { name: 'Alpha', score: null },
    { name: 'beta 9', score: 1 },
  ];
  const valueOf = (row: (typeof rows)[number], key: 'name' | 'score') => row[key];

  it('ascends on a new column and flips on the same one', () => {
    expect(nextSort(undefined, 'name')).toEqual({ key: 'name', direction: 'ascending' });
    expect(nextSort({ key: 'name', direction: 'ascending' }, 'name')).toEqual({
      key: 'name',
      direction: 'descending',
    });
    expect(nextSort({ key: 'name', direction: 'descending' }, 'score')).toEqual({
      key: 'score',
      direction: 'ascending',
    });
  });

  it('orders names as people read them, numbers inside them numerically, regardless of case', () => {
    const sorted = sortRows(rows, { key: 'name', direction: 'ascending' }, valueOf);
    expect(sorted.map((row) => row.name)).toEqual(['Alpha', 'beta 9', 'beta 10']);
  });

  it('keeps missing values last in either direction and leaves the input untouched', () => {
    expect(
      sortRows(rows, { key: 'score', direction: 'descending' }, valueOf).map((row) => row.score),
    ).toEqual([3, 1, null]);
    expect(sortRows(rows, { key: 'score', direction: 'ascending' }, valueOf).map((row) => row.score)).toEqual(
      [1, 3, null],
    );
    expect(rows[0]!.name).toBe('beta 10');
  });
});
