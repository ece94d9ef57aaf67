/** A request as the receiver saw it: header names in their original case, and the body bytes. */
export interface CapturedRequest {
  method: string;
  path: string;
  /** Name/value pairs in the order received, as `IncomingMessage.rawHeaders` gives them. */
  rawHeaders: string[];
  bodyBase64: string;
}

/** A request's X-Service-Delivery header and when it had arrived whole, in ms of the system's monotonic clock. */
export type Arrival = [delivery: string, atMs: number];

export type ReceiverCommand = { type: 'stats'; id: number } | { type: 'arrivals'; id: number };

export type ReceiverMessage =
  | { type: 'ready'; port: number }
  | { type: 'stats'; id: number; received: number; notPost: number; first: CapturedRequest | null }
  | { type: 'arrivals'; id: number; arrivals: Arrival[] };

/** Environment variables that hand the receiver its key and certificate (PEM); with them it serves HTTPS. */
export const RECEIVER_TLS_KEY = 'BENCH_RECEIVER_TLS_KEY';
export const RECEIVER_TLS_CERT = 'BENCH_RECEIVER_TLS_CERT';
