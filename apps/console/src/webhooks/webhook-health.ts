import { type WebhookHealth } from './webhook-types';

export const percent = (rate: number): string => `${Math.round(rate * 100)} %`;

/** "3 of 12 attempts succeeded in the last 24 h", or that there were none. */
export function healthSummary(health: WebhookHealth): string {
  const window = windowLabel(health.window_seconds);
  if (health.attempts === 0) return `No attempt in the last ${window}.`;
  const capped =
    health.attempts >= health.max_attempts ? `the latest ${health.attempts}` : `${health.attempts}`;
  return `${health.succeeded} of ${capped} attempt${health.attempts === 1 ? '' : 's'} in the last ${window} succeeded.`;
}

function windowLabel(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? '24 h' : `${seconds / 86_400} days`;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  return `${Math.round(seconds / 60)} min`;
}

/** A body as people read it: indented when it is JSON, as it came otherwise (a cut body is rarely JSON). */
export function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export const formatBytes = (bytes: number): string =>
  bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
