import { Badge } from '../design/badge';
import { type LiveStatus } from './live-updates';

const LOOK = {
  live: { tone: 'success', label: 'Live', hint: 'This page updates as changes happen.' },
  connecting: { tone: 'neutral', label: 'Connecting…', hint: 'Connecting to live updates.' },
  offline: {
    tone: 'warning',
    label: 'Not live',
    hint: 'Live updates stopped: reload the page to see changes.',
  },
} as const;

/** Whether the page follows changes as they happen; a status, so a change of it is announced. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const look = LOOK[status];
  return (
    <span role="status" aria-label={`Live updates: ${look.label}`} title={look.hint}>
      <Badge tone={look.tone}>{look.label}</Badge>
    </span>
  );
}
