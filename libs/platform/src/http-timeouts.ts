import { type ServerOptions } from 'node:http';
import { type EnvReader } from './config';

/** REQUEST_TIMEOUT_MS unless configured: time enough for an 11 MiB upload at about 2 Mbit/s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** Node's own bound on headers, kept unless the whole request must arrive sooner. */
const HEADERS_TIMEOUT_MS = 60_000;

/**
 * The bounds of a request's arrival, for every server that reads requests: its headers, then all of it,
 * body included, must arrive within `requestTimeoutMs`, or it is answered 408 and its connection closed.
 * Node looks for late requests every `connectionsCheckingInterval` (30 s by default, which would stretch
 * a short bound), so it looks four times per bound, at most once a second.
 */
export function requestTimeouts(
  requestTimeoutMs: number,
): Required<Pick<ServerOptions, 'requestTimeout' | 'headersTimeout' | 'connectionsCheckingInterval'>> {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(requestTimeoutMs / 4))),
  };
}

/** REQUEST_TIMEOUT_MS, read the same by every service and by the standalone's composition. */
export function readRequestTimeoutMs(env: EnvReader): number {
  return env.int('REQUEST_TIMEOUT_MS', DEFAULT_REQUEST_TIMEOUT_MS, { min: 100 });
}
