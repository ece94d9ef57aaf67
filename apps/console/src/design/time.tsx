import { formatLocal, formatUtc } from './time-format';

/** A moment in the viewer's own time zone; hovering shows it in UTC. */
export function Time({ value, empty = '—' }: { value: string | null | undefined; empty?: string }) {
  if (!value) return <>{empty}</>;
  return (
    <time dateTime={value} title={formatUtc(value)}>
      {formatLocal(value)}
    </time>
  );
}
