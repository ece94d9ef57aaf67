import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import tls from 'node:tls';
import {
  type DestinationPolicy,
  DestinationRefusedError,
  type PinnedAddress,
  pinnedLookup,
} from '@governance/platform';

/**
 * The result of one delivery attempt. `error` is null exactly when `success` is true; otherwise one of:
 * `invalid_url`, `destination_refused: <reason>`, `timeout`, `connection_refused`, `connection_reset`,
 * `unreachable`, `tls_error: <code>`, `invalid_response`, `invalid_request`, `network_error[: <code>]`,
 * `redirect_not_followed` (3xx) or `http_status` (any other non-2xx; the status is in `statusCode`).
 * The circuit breaker adds `circuit_open`.
 */
export interface AttemptOutcome {
  success: boolean;
  statusCode: number | null;
  responseTimeMs: number;
  error: string | null;
  /**
   * The start of the response body, at most `RESPONSE_BODY_KEPT_BYTES` bytes read as UTF-8; null when no
   * answer came. What the endpoint chose to answer, shown in the delivery log; our request headers are never kept.
   */
  responseBody: string | null;
  /** The body went on past what is kept. */
  responseBodyTruncated: boolean;
}

/** The bytes of a response body an attempt keeps for the delivery log. */
export const RESPONSE_BODY_KEPT_BYTES = 4096;

/** An attempt that got no answer: no status, no body. */
export const noAnswer = (error: string, responseTimeMs = 0): AttemptOutcome => ({
  success: false,
  statusCode: null,
  responseTimeMs,
  error,
  responseBody: null,
  responseBodyTruncated: false,
});

export interface WebhookRequest {
  url: string;
  body: Buffer;
  headers: Record<string, string>;
  /** Covers resolution, connection, the response and reading its body. */
  timeoutMs: number;
}

/** Pooled sockets per origin. */
const MAX_SOCKETS = 256;
/** How much of a response body is read before the connection is dropped instead. */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** Idle sockets close before most servers close them (or a shorter announced `Keep-Alive: timeout`). */
const IDLE_SOCKET_TIMEOUT_MS = 4000;

type Settle = (statusCode: number | null, error: string | null) => void;

/** The kept start of a body as text; NUL, which PostgreSQL text cannot hold, becomes U+FFFD. */
const keptText = (chunks: Buffer[], length: number): string =>
  Buffer.concat(chunks, length).toString('utf8').replaceAll('\u0000', '\ufffd');

/** The HTTP side of an attempt. Never throws, never logs (the headers carry the signature). */
export class WebhookSender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  /** One lookup function per pinned address list; the policy reuses the list while it is cached. */
  private readonly lookups = new WeakMap<readonly PinnedAddress[], LookupFunction>();

  /**
   * `extraCaCertificates` (PEM) are trusted beside the process's default CAs (Node's bundle, and
   * NODE_EXTRA_CA_CERTS): a private CA of the endpoints, or a test's own. Verification stays on.
   */
  constructor(
    private readonly policy: DestinationPolicy,
    { extraCaCertificates }: { extraCaCertificates?: string } = {},
  ) {
    const agentOptions: http.AgentOptions = {
      keepAlive: true,
      maxSockets: MAX_SOCKETS,
      maxFreeSockets: MAX_SOCKETS,
      scheduling: 'lifo',
      timeout: IDLE_SOCKET_TIMEOUT_MS,
    };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent({
      ...agentOptions,
      // One context for every connection: given `ca` instead, each new connection would parse them all.
      secureContext: extraCaCertificates
        ? tls.createSecureContext({ ca: [...tls.getCACertificates('default'), extraCaCertificates] })
        : undefined,
    });
  }

  send(request: WebhookRequest): Promise<AttemptOutcome> {
    return new Promise((resolve) => this.attempt(request, resolve));
  }

  /** Closes pooled connections; attempts still in flight fail with `connection_reset`. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /** Nest calls it once every dispatcher drained: nothing is left to send. */
  onApplicationShutdown(): void {
    this.close();
  }

  private attempt(request: WebhookRequest, resolve: (outcome: AttemptOutcome) => void): void {
    const startedAt = performance.now();
    let settled = false;
    let responseStatus: number | null = null;
    let responseError: string | null = null;
    let clientRequest: http.ClientRequest | undefined;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let truncated = false;

    const settle: Settle = (statusCode, error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        success: error === null,
        statusCode,
        responseTimeMs: performance.now() - startedAt,
        error,
        responseBody: statusCode === null ? null : keptText(kept, keptBytes),
        responseBodyTruncated: statusCode !== null && truncated,
      });
    };
    // Once the status line is in, the endpoint has answered in time; a body that is still trickling in
    // when the deadline passes does not turn that answer into a time-out.
    const timer = setTimeout(() => {
      if (responseStatus === null) settle(null, 'timeout');
      else {
        truncated = true; // the body was still coming
        settle(responseStatus, responseError);
      }
      clientRequest?.destroy();
    }, request.timeoutMs);

    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      settle(null, 'invalid_url');
      return;
    }

    this.policy.resolve(url).then(
      (destination) => {
        if (settled) return;
        const isHttps = destination.url.protocol === 'https:';
        const hostname = destination.url.hostname;
        const isLiteral = hostname === destination.address || hostname === `[${destination.address}]`;
        const options: https.RequestOptions = {
          method: 'POST',
          hostname: isLiteral ? destination.address : hostname,
          port: destination.url.port === '' ? undefined : Number(destination.url.port),
          path: destination.url.pathname + destination.url.search,
          headers: request.headers,
          agent: isHttps ? this.httpsAgent : this.httpAgent,
          // Without it the client would resolve the name again, and a rebinding DNS server could then
          // hand it an address that was never checked.
          lookup: isLiteral ? undefined : this.lookupFor(destination.addresses),
          servername: isHttps && !isLiteral ? hostname : undefined,
        };
        try {
          clientRequest = (isHttps ? https : http).request(options);
          clientRequest.on('error', (error: NodeJS.ErrnoException) => settle(null, networkError(error)));
          clientRequest.on('response', (response: http.IncomingMessage) => {
            const status = response.statusCode ?? 0;
            responseStatus = status;
            responseError = statusError(status);
            // Reading the body to its end is what lets the keep-alive socket be reused; a large one is
            // cheaper to drop with its connection than to read.
            let received = 0;
            response.on('data', (chunk: Buffer) => {
              received += chunk.length;
              if (keptBytes < RESPONSE_BODY_KEPT_BYTES) {
                const part = chunk.subarray(0, RESPONSE_BODY_KEPT_BYTES - keptBytes);
                kept.push(part);
                keptBytes += part.length;
              }
              if (received > RESPONSE_BODY_KEPT_BYTES) truncated = true;
              if (received > MAX_RESPONSE_BYTES) {
                settle(status, responseError);
                response.destroy();
              }
            });
            response.on('end', () => settle(status, responseError));
            response.on('error', () => {
              truncated = true;
              settle(status, responseError);
            });
          });
          clientRequest.end(request.body);
        } catch {
          // node:http validates header names and values synchronously.
          settle(null, 'invalid_request');
          clientRequest?.destroy();
        }
      },
      (error: unknown) => {
        settle(
          null,
          error instanceof DestinationRefusedError ? `destination_refused: ${error.reason}` : 'network_error',
        );
      },
    );
  }

  private lookupFor(addresses: readonly PinnedAddress[]): LookupFunction {
    let lookup = this.lookups.get(addresses);
    if (!lookup) {
      lookup = pinnedLookup(addresses);
      this.lookups.set(addresses, lookup);
    }
    return lookup;
  }
}

function statusError(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return 'redirect_not_followed';
  return 'http_status';
}

const NETWORK_ERRORS = new Map([
  ['ECONNREFUSED', 'connection_refused'],
  ['ECONNRESET', 'connection_reset'],
  ['EPIPE', 'connection_reset'],
  ['ETIMEDOUT', 'timeout'],
  ['EHOSTUNREACH', 'unreachable'],
  ['ENETUNREACH', 'unreachable'],
  ['ENOTFOUND', 'destination_refused: unresolvable'],
]);

function networkError({ code }: NodeJS.ErrnoException): string {
  if (code === undefined) return 'network_error';
  const known = NETWORK_ERRORS.get(code);
  if (known) return known;
  if (code.startsWith('HPE_')) return 'invalid_response';
  if (/CERT|SSL|TLS|SIGNATURE|ISSUER/.test(code)) return `tls_error: ${code}`;
  return `network_error: ${code}`;
}
