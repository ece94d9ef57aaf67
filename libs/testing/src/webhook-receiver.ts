import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export type ReceiverVerdict = 'ok' | 'missing' | 'malformed' | 'mismatch';

export interface ReceivedDelivery {
  /** Header names lowercased, as node:http gives them. */
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
  /** The parsed JSON body, or undefined when it is not JSON. */
  body: unknown;
  /** True only when a digest was actually checked against a known secret and matched. */
  signatureValid: boolean;
  verdict: ReceiverVerdict;
  /** The status answered. While `respond` runs it still holds the default, 200. */
  status: number;
  /** `Date.now()` when the whole body had arrived. */
  receivedAt: number;
}

/** A status, or a status with a delay and a body (the status as text when none is given). */
export type RespondResult = number | { status: number; delayMs?: number; body?: string };

export interface WebhookReceiverOptions {
  /**
   * The signing secret, or a lookup by `X-Service-Hook-ID` (a webhook's secret is only known after it
   * is created, which is after the receiver's url was needed). A lookup that returns undefined makes
   * every delivery for that hook a mismatch. Without this option digests are not checked at all: a
   * well-formed header is then accepted with `signatureValid: false`.
   */
  secret?: string | ((hookId: string) => string | undefined);
  /** Decides the answer to a correctly signed delivery. Default 200 at once. */
  respond?: (delivery: ReceivedDelivery) => RespondResult | Promise<RespondResult>;
  /** A key and certificate (PEM) to listen on HTTPS, as real receivers do; plain HTTP without. */
  tls?: { key: string | Buffer; cert: string | Buffer };
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hook`, or `https://` with the `tls` option */
  url: string;
  deliveries: ReceivedDelivery[];
  /** Resolves with every delivery so far once at least `count` have arrived; rejects after `timeoutMs` (5000). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

const SIGNATURE_HEADER = 'x-service-signature-256';
const HOOK_ID_HEADER = 'x-service-hook-id';
const PREFIX = 'sha256=';
const LOWERCASE_HEX_DIGEST = /^[0-9a-f]{64}$/;

interface Waiter {
  count: number;
  resolve: (deliveries: ReceivedDelivery[]) => void;
}

/**
 * A webhook endpoint that behaves like the receiver the spec describes: it checks the signature over the
 * raw bytes, answers 400 for a missing or malformed header and 403 for a mismatch, and records every
 * request. A header listing several `sha256=` entries (a secret rotation's overlap) passes when any entry
 * matches the receiver's secret. Verification is written out here on purpose rather than imported from the webhooks app, so a
 * signing bug there cannot be mirrored by the check that is meant to catch it.
 */
export async function startWebhookReceiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const waiters = new Set<Waiter>();
  const delays = new Set<NodeJS.Timeout>();

  const record = (delivery: ReceivedDelivery): void => {
    deliveries.push(delivery);
    for (const waiter of waiters) {
      if (deliveries.length >= waiter.count) {
        waiters.delete(waiter);
        waiter.resolve(deliveries.slice());
      }
    }
  };

  const answer = async (request: http.IncomingMessage, response: http.ServerResponse, rawBody: Buffer) => {
    const headers = request.headers;
    const verification = verify(options.secret, headers, rawBody);
    const delivery: ReceivedDelivery = {
      headers,
      rawBody,
      body: parseJson(rawBody),
      signatureValid: verification.signatureValid,
      verdict: verification.verdict,
      status: 200,
      receivedAt: Date.now(),
    };
    let delayMs = 0;
    let body: string | undefined;
    if (delivery.verdict === 'missing' || delivery.verdict === 'malformed') {
      delivery.status = 400;
    } else if (delivery.verdict === 'mismatch') {
      delivery.status = 403;
    } else if (options.respond) {
      try {
        const decided = await options.respond(delivery);
        delivery.status = typeof decided === 'number' ? decided : decided.status;
        delayMs = typeof decided === 'number' ? 0 : (decided.delayMs ?? 0);
        body = typeof decided === 'number' ? undefined : decided.body;
      } catch {
        delivery.status = 500;
      }
    }
    record(delivery);
    const send = (): void => {
      response
        .writeHead(delivery.status, { 'Content-Type': 'text/plain' })
        .end(body ?? String(delivery.status));
    };
    if (delayMs <= 0) return send();
    const timer = setTimeout(() => {
      delays.delete(timer);
      send();
    }, delayMs);
    delays.add(timer);
  };

  const listener: http.RequestListener = (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A sender that gives up mid-body resets the connection; that is the sender's business, not a crash.
    request.on('error', () => undefined);
    request.on('end', () => {
      answer(request, response, Buffer.concat(chunks)).catch(() => {
        // Only an unusable status from `respond` gets here.
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
  };
  const server = options.tls ? https.createServer(options.tls, listener) : http.createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}/hook`,
    deliveries,
    waitFor(count: number, timeoutMs = 5000): Promise<ReceivedDelivery[]> {
      if (deliveries.length >= count) return Promise.resolve(deliveries.slice());
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          count,
          resolve: (received) => {
            clearTimeout(timer);
            resolve(received);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(`webhook receiver: ${deliveries.length} of ${count} deliveries after ${timeoutMs} ms`),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close(): Promise<void> {
      for (const timer of delays) clearTimeout(timer);
      delays.clear();
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections from the sender's agent would otherwise hold the server open.
        server.closeAllConnections();
      });
    },
  };
}

/**
 * The digests of an `X-Service-Signature-256` value: one `sha256=<hex>` entry, or several separated by
 * commas (during a secret rotation, one per secret). Undefined when any entry is malformed.
 */
function digestsOf(header: string): Buffer[] | undefined {
  const digests: Buffer[] = [];
  for (const entry of header.split(',').map((part) => part.trim())) {
    if (!entry.startsWith(PREFIX)) return undefined;
    const hex = entry.slice(PREFIX.length);
    if (!LOWERCASE_HEX_DIGEST.test(hex)) return undefined;
    digests.push(Buffer.from(hex, 'hex'));
  }
  return digests;
}

/** True when an entry of the signature header is the HMAC-SHA256 of the raw body under `secret`. */
function matches(digests: readonly Buffer[], rawBody: Buffer, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  // Every entry is compared, so the time taken does not say which one matched.
  return digests.reduce((found, digest) => timingSafeEqual(expected, digest) || found, false);
}

/**
 * Verifies a received delivery with one secret, as a receiver holding only that secret would (docs/api.md,
 * "Receiving a delivery"): false for a missing or malformed header as for a mismatch.
 */
export function signedWith(delivery: Pick<ReceivedDelivery, 'headers' | 'rawBody'>, secret: string): boolean {
  const header = delivery.headers[SIGNATURE_HEADER];
  const digests = typeof header === 'string' ? digestsOf(header) : undefined;
  return digests !== undefined && matches(digests, delivery.rawBody, secret);
}

function verify(
  secretOption: WebhookReceiverOptions['secret'],
  headers: http.IncomingHttpHeaders,
  rawBody: Buffer,
): { verdict: ReceiverVerdict; signatureValid: boolean } {
  const header = headers[SIGNATURE_HEADER];
  if (header === undefined || header === '') return { verdict: 'missing', signatureValid: false };
  const digests = typeof header === 'string' ? digestsOf(header) : undefined;
  if (!digests) return { verdict: 'malformed', signatureValid: false };
  if (secretOption === undefined) return { verdict: 'ok', signatureValid: false };

  const hookId = headers[HOOK_ID_HEADER];
  const secret =
    typeof secretOption === 'string' ? secretOption : secretOption(typeof hookId === 'string' ? hookId : '');
  if (secret === undefined) return { verdict: 'mismatch', signatureValid: false };
  const valid = matches(digests, rawBody, secret);
  return { verdict: valid ? 'ok' : 'mismatch', signatureValid: valid };
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
