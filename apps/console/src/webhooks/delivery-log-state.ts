import { type DeliveryFilters, EVENT_TYPES, OUTCOMES, type Recovered } from './webhook-types';

export type LogFilters = Omit<DeliveryFilters, 'limit' | 'cursor'>;

const pad = (value: number): string => String(value).padStart(2, '0');

/** An instant as a `datetime-local` input shows it: the viewer's own zone, to the minute. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** A `datetime-local` value (the viewer's zone) as the API's instant, with its zone; undefined if empty. */
export function fromLocalInput(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The log's filters from the address, so a filtered log can be bookmarked; unknown values are dropped. */
export function logFiltersFrom(params: URLSearchParams): LogFilters {
  const filters: LogFilters = {};
  const outcome = OUTCOMES.find((known) => known === params.get('outcome'));
  if (outcome) filters.outcome = outcome;
  const event = EVENT_TYPES.find((known) => known === params.get('event'));
  if (event) filters.event = event;
  for (const bound of ['since', 'until'] as const) {
    const value = params.get(bound);
    if (value && !Number.isNaN(new Date(value).getTime())) filters[bound] = new Date(value).toISOString();
  }
  return filters;
}

/** "84 ms", "1.3 s": how long an endpoint took to answer. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** What a recovery did, in a sentence, and whether to run it again. */
export function recoverySummary({ resent, has_more }: Recovered): string {
  const count =
    resent === 0
      ? 'No failed delivery needed resending.'
      : `${resent} failed deliver${resent === 1 ? 'y was' : 'ies were'} resent.`;
  return has_more ? `${count} More failed deliveries remain: recover again to continue.` : count;
}
