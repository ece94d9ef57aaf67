import { findFramework } from '@governance/frameworks';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** `2 Dec 2026`: a day as people write it, in UTC (the zone every report states). */
export function humanDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** `2 Dec 2026, 14:05 UTC`. */
export function humanDateTime(date: Date): string {
  return `${humanDate(date)}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
}

/** `1 Nov 2026 to 30 Nov 2026`; a period ending at midnight names its last whole day, as people count. */
export function humanPeriod(period: { from: Date; to: Date } | null): string {
  if (period === null) return 'all time';
  const { from, to } = period;
  const atMidnight = to.getTime() % 86_400_000 === 0;
  const last = atMidnight && to.getTime() > from.getTime() ? new Date(to.getTime() - 1) : to;
  const [start, end] = [humanDate(from), humanDate(last)];
  return start === end ? start : `${start} to ${end}`;
}

/** `EU Artificial Intelligence Act` for `EU_AI_ACT`; an unknown key stays as it is. */
export function frameworkName(key: string): string {
  return findFramework(key)?.name ?? key;
}

/** `42%` for 0.42. */
export const percent = (fraction: number): string => `${Math.round(fraction * 100)}%`;

/** `1,234`. */
export const count = (value: number): string => value.toLocaleString('en-GB');
