import { withoutOffsets } from './kafka-group-start';

describe('withoutOffsets', () => {
  it('keeps only the partitions with no committed offset, and only topics that have one', () => {
    expect(
      withoutOffsets([
        {
          topic: 'a',
          partitions: [
            { partition: 0, offset: '-1' },
            { partition: 1, offset: '0' },
            { partition: 2, offset: '17' },
          ],
        },
        { topic: 'b', partitions: [{ partition: 0, offset: '3' }] },
        {
          topic: 'c',
          partitions: [
            { partition: 0, offset: '-1' },
            { partition: 1, offset: '-1' },
          ],
        },
      ]),
    ).toEqual([
      { topic: 'a', partitions: [{ partition: 0 }] },
      { topic: 'c', partitions: [{ partition: 0 }, { partition: 1 }] },
    ]);
  });
});
