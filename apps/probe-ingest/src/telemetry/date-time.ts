function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The value of the `count` decimal digits at `at`, or -1 if any of them is not a digit. */
function digitsAt(value: string, at: number, count: number): number {
  let number = 0;
  for (let i = at; i < at + count; i++) {
    const digit = value.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return -1;
    number = number * 10 + digit;
  }
  return number;
}

/**
 * An ISO 8601 date-time in the RFC 3339 profile (JSON Schema's `date-time`): a full date, a time and
 * a time zone (Z or an offset), `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`. The same ranges as ajv-formats
 * checks, but every record of every batch has one, so it reads the characters itself, without a regex.
 */
export function isDateTime(value: string): boolean {
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 2);
  const day = digitsAt(value, 8, 2);
  const hour = digitsAt(value, 11, 2);
  const minute = digitsAt(value, 14, 2);
  const second = digitsAt(value, 17, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  // 60: a leap second, which RFC 3339 allows.
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) return false;
  if (value.charCodeAt(4) !== 0x2d || value.charCodeAt(7) !== 0x2d) return false; // -
  if ((value.charCodeAt(10) | 0x20) !== 0x74) return false; // T or t
  if (value.charCodeAt(13) !== 0x3a || value.charCodeAt(16) !== 0x3a) return false; // :
  let at = 19;
  if (value.charCodeAt(at) === 0x2e) {
    // A fraction of 1 to 9 digits.
    const start = ++at;
    while (at < value.length && at - start < 10 && digitsAt(value, at, 1) >= 0) at++;
    if (at === start || at - start > 9) return false;
  }
  const zone = value.charCodeAt(at);
  if ((zone | 0x20) === 0x7a) return at + 1 === value.length; // Z or z
  if (zone !== 0x2b && zone !== 0x2d) return false; // + or -
  const offsetHours = digitsAt(value, at + 1, 2);
  const offsetMinutes = digitsAt(value, at + 4, 2);
  return (
    value.length === at + 6 &&
    value.charCodeAt(at + 3) === 0x3a &&
    offsetHours >= 0 &&
    offsetHours <= 23 &&
    offsetMinutes >= 0 &&
    offsetMinutes <= 59
  );
}
