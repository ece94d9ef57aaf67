const local = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** `2026-11-22T09:10:00.000Z` as the viewer reads dates, in their zone: "22 Nov 2026, 10:10". */
export function formatLocal(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : local.format(date);
}

/** `2026-11-22 09:10:00 UTC`. */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
