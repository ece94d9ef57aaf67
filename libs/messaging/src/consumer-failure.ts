/**
 * How a consumer treats a handler's error. `transient`: the world is briefly in the way (the database or
 * broker unreachable, a lost race with another transaction, a server shutting down); the record is
 * retried until it goes through and is never set aside. `permanent`: anything else, which retrying the
 * same record is not expected to fix; it is still tried a few times before the record is set aside.
 */
export type FailureKind = 'transient' | 'permanent';

/** SQLSTATE classes and codes a retry can outlive. */
const TRANSIENT_SQLSTATE_CLASSES = ['08', '53'];
const TRANSIENT_SQLSTATES = new Set([
  '40001',
  '40P01',
  '55P03',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '57P04',
  '57P05',
]);

/** Node's socket and DNS errors: nothing reached the other side, or it went away. */
const TRANSIENT_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);

/** node-postgres and TypeORM say these in words only, without a code. */
const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /connection is not established/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
];

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  retriable?: unknown;
  driverError?: unknown;
  cause?: unknown;
}

function isTransientOne(error: ErrorLike): boolean {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined) {
    // Node's codes first: EPIPE has the shape of a SQLSTATE.
    if (TRANSIENT_NODE_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code))
      return TRANSIENT_SQLSTATES.has(code) || TRANSIENT_SQLSTATE_CLASSES.includes(code.slice(0, 2));
  }
  // kafkajs marks what its own retries may overcome; its connection errors carry the name.
  if (error.retriable === true) return true;
  if (
    typeof error.name === 'string' &&
    /^KafkaJS(Connection|RequestTimeout|NumberOfRetriesExceeded)/.test(error.name)
  )
    return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return TRANSIENT_MESSAGES.some((pattern) => pattern.test(message));
}

/** Classifies an error by itself, TypeORM's wrapped driver error, and its causes. */
export function classifyFailure(error: unknown): FailureKind {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const candidate = current as ErrorLike;
    if (isTransientOne(candidate)) return 'transient';
    if (
      typeof candidate.driverError === 'object' &&
      candidate.driverError !== null &&
      isTransientOne(candidate.driverError)
    )
      return 'transient';
    current = candidate.cause;
  }
  return 'permanent';
}
