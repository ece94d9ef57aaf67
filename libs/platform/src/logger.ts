import { type LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { traceLogFields } from './tracing';

/** Keys whose values are credentials: censored at the top level of a line and one level down. */
const SECRET_KEYS = ['authorization', 'api_key', 'signing_secret', 'secret'] as const;
const CENSORED = '[redacted]';
/** What pino censors before a line is written: the keys at the top level, and headers a level deeper. */
const REDACTED_PATHS = [
  ...SECRET_KEYS,
  'headers.authorization',
  'req.headers.authorization',
  'headers.cookie',
  'req.headers.cookie',
];

/**
 * The line with SECRET_KEYS censored one level down (`{ webhook: { secret } }`), in copies: the caller's
 * objects are left as they are. pino's `*.key` paths did the same at about 1 µs a line per path, more than
 * writing the line (docs/benchmarks.md), and a webhook attempt logs a line per delivery.
 */
export function censorNestedSecrets(line: Record<string, unknown>): Record<string, unknown> {
  let censored: Record<string, unknown> | undefined;
  for (const key of Object.keys(line)) {
    const value = line[key];
    if (
      typeof value !== 'object' ||
      value === null ||
      !SECRET_KEYS.some((name) => Object.hasOwn(value, name))
    )
      continue;
    censored ??= { ...line };
    censored[key] = censoredCopy(value);
  }
  return censored ?? line;
}

/** Own properties, enumerable or not (an error's message and stack), and the prototype are kept. */
function censoredCopy(value: object): object {
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(value)) copy[name] = (value as Record<string, unknown>)[name];
  for (const name of SECRET_KEYS) if (Object.hasOwn(copy, name)) copy[name] = CENSORED;
  return copy;
}

/** Lines go to stdout unless a `destination` is given (a test's). */
export function createLogger(
  service: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: CENSORED },
      // Lines written inside a trace (a request, a consumed event) carry its id; a webhook attempt, whose span
      // is not the active context, passes its ids itself.
      mixin: () => traceLogFields(),
      // pino hands a child logger's bindings to no formatter: nothing here makes child loggers.
      formatters: { level: (label) => ({ level: label }), log: censorNestedSecrets },
    },
    destination,
  );
}

/** Lets Nest's own messages come out as the same JSON lines as ours. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, stack?: string, context?: string): void {
    this.logger.error({ context, stack }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}

export const LOGGER = Symbol('LOGGER');
export type { Logger };
