/** A drift alert as the activity feed lists it: when, and how severe. */
export interface DriftAlert {
  severity: string;
  timestamp: string;
}

export interface DriftDay {
  /** `YYYY-MM-DD` in the viewer's zone. */
  day: string;
  medium: number;
  high: number;
}

/** `YYYY-MM-DD` of a moment in `timeZone` (the viewer's by default). */
export function dayIn(timeZone: string | undefined): (at: Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (at) => format.format(at);
}

/**
 * Drift alerts per day over the `days` days up to `now`, oldest first, every day present (a quiet day is a
 * zero, not a gap). Drift is MEDIUM to HIGH; anything above HIGH counts as HIGH, anything below as MEDIUM.
 * Alerts outside the window are left out.
 */
export function driftByDay(
  alerts: readonly DriftAlert[],
  now: Date,
  days = 30,
  timeZone: string | undefined = undefined,
): DriftDay[] {
  const dayOf = dayIn(timeZone);
  const series: DriftDay[] = [];
  const index = new Map<string, DriftDay>();
  // Calendar days counted back from today's date, so a daylight-saving change skips or doubles none.
  const [year, month, date] = dayOf(now).split('-').map(Number) as [number, number, number];
  for (let back = days - 1; back >= 0; back--) {
    const day = new Date(Date.UTC(year, month - 1, date - back)).toISOString().slice(0, 10);
    const entry = { day, medium: 0, high: 0 };
    index.set(day, entry);
    series.push(entry);
  }
  for (const alert of alerts) {
    const at = new Date(alert.timestamp);
    if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime()) continue;
    const entry = index.get(dayOf(at));
    if (!entry) continue;
    if (alert.severity === 'HIGH' || alert.severity === 'CRITICAL') entry.high++;
    else entry.medium++;
  }
  return series;
}

const dayName = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "26 Nov" for `2026-11-26` (already a day in the viewer's zone). */
export function dayLabel(day: string): string {
  return dayName.format(new Date(`${day}T00:00:00Z`));
}
