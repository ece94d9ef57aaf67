import { isDateTime } from './date-time';

describe('isDateTime', () => {
  it.each([
    '2026-11-22T10:00:00Z',
    '2026-11-22T10:00:00.123Z',
    '2026-11-22T10:00:00.123456789Z',
    '2026-11-22t10:00:00z',
    '2026-11-22T10:00:00+05:30',
    '2026-11-22T10:00:00-08:00',
    '2024-02-29T00:00:00Z',
    '2000-02-29T00:00:00Z',
    '2016-12-31T23:59:60Z',
  ])('accepts %s', (value) => {
    expect(isDateTime(value)).toBe(true);
  });

  it.each([
    '',
    '2026-11-22',
    '2026-11-22T10:00:00',
    '2026-11-22 10:00:00Z',
    '2026-11-22T10:00Z',
    '2026-13-01T00:00:00Z',
    '2026-00-01T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2026-11-22T24:00:00Z',
    '2026-11-22T10:60:00Z',
    '2026-11-22T10:00:61Z',
    '2026-11-22T10:00:00+24:00',
    '2026-11-22T10:00:00+05:60',
    '2026-11-22T10:00:00.Z',
    ' 2026-11-22T10:00:00Z',
    '2026-11-22T10:00:00Z\n',
    '+2026-11-22T10:00:00Z',
  ])('refuses %j', (value) => {
    expect(isDateTime(value)).toBe(false);
  });
});

describe('isDateTime, beside the regular expression it replaced', () => {
  const DATE_TIME =
    /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
  const inRange = (match: RegExpExecArray): boolean => {
    const part = (index: number): number => Number(match[index]);
    const [year, month, day] = [part(1), part(2), part(3)];
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
    const offsetOk = match[7] === undefined || (part(7) <= 23 && part(8) <= 59);
    return (
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= days &&
      part(4) <= 23 &&
      part(5) <= 59 &&
      part(6) <= 60 &&
      offsetOk
    );
  };
  const reference = (value: string): boolean => {
    const match = DATE_TIME.exec(value);
    return match !== null && inRange(match);
  };

  it('agrees on every one-character change of valid date-times', () => {
    const seeds = [
      '2024-02-29T23:59:60.123456789+23:59',
      '2026-11-22t10:00:00z',
      '2026-12-31T00:00:00.5-00:00',
    ];
    const alphabet = [...'0123569-:.TtZz+ x٣'];
    let checked = 0;
    for (const seed of seeds) {
      for (let at = 0; at <= seed.length; at++) {
        for (const char of alphabet) {
          for (const variant of [
            seed.slice(0, at) + char + seed.slice(at + 1),
            seed.slice(0, at) + char + seed.slice(at),
            seed.slice(0, at) + seed.slice(at + 1),
          ]) {
            expect([variant, isDateTime(variant)]).toEqual([variant, reference(variant)]);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
