import { EventEmitter } from 'node:events';
import CircuitBreaker from 'opossum';
import { type AttemptOutcome, noAnswer } from './webhook-sender';

export interface EndpointBreakersOptions {
  /** How long an open circuit fails fast before one trial attempt is let through. */
  resetTimeoutMs: number;
  /** Breakers kept; the least recently used beyond this are dropped. Default 10000. */
  maxEndpoints?: number;
}

type Attempt = () => Promise<AttemptOutcome>;
type Breaker = CircuitBreaker<[Attempt], AttemptOutcome>;

const ERROR_THRESHOLD_PERCENTAGE = 50;
/** Attempts within the window before the error rate may open the circuit. */
const VOLUME_THRESHOLD = 5;
const ROLLING_COUNT_TIMEOUT_MS = 60_000;
const ROLLING_COUNT_BUCKETS = 10;

/** Carries a failed outcome through opossum, which only counts rejections as failures. */
class FailedAttempt extends Error {
  constructor(readonly outcome: AttemptOutcome) {
    super(outcome.error ?? 'attempt failed');
  }
}

/** Failures decided before any connection; they say nothing about the endpoint's health. */
const NOT_THE_ENDPOINTS_FAULT = ['destination_refused', 'invalid_url', 'invalid_request'];

/**
 * Only attempts that got no response (time-outs, refused or reset connections) count against a circuit:
 * an endpoint that answers, whatever the status, is alive and answers quickly; it cannot starve anyone.
 */
function runAttempt(attempt: Attempt): Promise<AttemptOutcome> {
  return attempt().then(failIfSilent);
}

function failIfSilent(outcome: AttemptOutcome): AttemptOutcome {
  const silent =
    outcome.statusCode === null &&
    !NOT_THE_ENDPOINTS_FAULT.some((prefix) => outcome.error?.startsWith(prefix));
  if (silent) throw new FailedAttempt(outcome);
  return outcome;
}

/** A rejection from a breaker as the outcome it stands for; anything else is a bug, and rejects. */
function outcomeOfRejection(error: unknown): AttemptOutcome {
  if (error instanceof FailedAttempt) return error.outcome;
  if (isOpenCircuit(error)) return noAnswer('circuit_open');
  throw error;
}

/**
 * One circuit breaker per endpoint origin, so a dead endpoint stops costing connection attempts and
 * time-outs without slowing deliveries to anyone else.
 */
export class EndpointBreakers {
  private readonly breakers = new Map<string, Breaker>();
  private readonly maxEndpoints: number;
  private readonly resetTimeoutMs: number;
  /**
   * Opossum otherwise starts two intervals per breaker to age its statistics; thousands of endpoints
   * would mean thousands of timers. One shared tick rotates every breaker's window instead.
   */
  private readonly rotation = new EventEmitter();
  private readonly rotationTimer: NodeJS.Timeout;

  constructor(options: EndpointBreakersOptions) {
    this.resetTimeoutMs = options.resetTimeoutMs;
    this.maxEndpoints = options.maxEndpoints ?? 10_000;
    this.rotation.setMaxListeners(0);
    this.rotationTimer = setInterval(
      () => this.rotation.emit('rotate'),
      Math.max(1, Math.floor(ROLLING_COUNT_TIMEOUT_MS / ROLLING_COUNT_BUCKETS)),
    );
    this.rotationTimer.unref();
  }

  /**
   * Runs the attempt through its endpoint's breaker and returns its outcome, or `circuit_open` without
   * running it. Only a bug in `attempt` (a rejection instead of an outcome) makes this reject.
   */
  fire(url: string, attempt: Attempt): Promise<AttemptOutcome> {
    return this.breakerFor(originOf(url)).fire(attempt).catch(outcomeOfRejection);
  }

  close(): void {
    clearInterval(this.rotationTimer);
    for (const breaker of this.breakers.values()) breaker.shutdown();
    this.breakers.clear();
  }

  onApplicationShutdown(): void {
    this.close();
  }

  private breakerFor(origin: string): Breaker {
    let breaker = this.breakers.get(origin);
    if (breaker) {
      // Re-inserting keeps the Map in least-recently-used order, so eviction drops an idle endpoint
      // rather than the busy one whose open circuit is doing its job.
      this.breakers.delete(origin);
      this.breakers.set(origin, breaker);
      return breaker;
    }
    // Opossum writes its defaults into the options object, so each breaker gets its own.
    breaker = new CircuitBreaker(runAttempt, {
      name: origin,
      timeout: false, // the sender enforces the delivery time-out and reports it as an outcome
      resetTimeout: this.resetTimeoutMs,
      errorThresholdPercentage: ERROR_THRESHOLD_PERCENTAGE,
      volumeThreshold: VOLUME_THRESHOLD,
      rollingCountTimeout: ROLLING_COUNT_TIMEOUT_MS,
      rollingCountBuckets: ROLLING_COUNT_BUCKETS,
      rollingPercentilesEnabled: false,
      enableSnapshots: false,
      rotateBucketController: this.rotation,
    });
    this.breakers.set(origin, breaker);
    if (this.breakers.size > this.maxEndpoints) {
      const oldest = this.breakers.entries().next();
      if (!oldest.done) {
        this.breakers.delete(oldest.value[0]);
        oldest.value[1].shutdown();
      }
    }
    return breaker;
  }
}

function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    // The sender reports the url itself as invalid; the breaker only needs a stable key for it.
    return url;
  }
}

function isOpenCircuit(error: unknown): boolean {
  return (
    error instanceof Error &&
    CircuitBreaker.isOurError(error) &&
    (error as NodeJS.ErrnoException).code === 'EOPENBREAKER'
  );
}
