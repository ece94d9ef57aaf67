import { type LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { traceLogFields } from './tracing';

/** Fields that may carry credentials; pino replaces them before a line is written. */
const REDACTED_PATHS = [
  'authorization',
  '*.authorization',
  'headers.authorization',
  'req.headers.authorization',
  'api_key',
  '*.api_key',
  'signing_secret',
  '*.signing_secret',
  'secret',
  '*.secret',
  'headers.cookie',
  'req.headers.cookie',
];

export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Lines written inside a trace (a request, a consumed event) carry its id; a webhook attempt, whose span
    // is not the active context, passes its ids itself.
    mixin: () => traceLogFields(),
    formatters: { level: (label) => ({ level: label }) },
  });
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
