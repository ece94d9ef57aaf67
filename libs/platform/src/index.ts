export { ConfigError, EnvReader } from './config';
export { ApiError, ErrorCode, type ErrorBody, type FieldProblem } from './errors';
export { ApiExceptionFilter, toApiError } from './exception-filter';
export { createLogger, PinoNestLogger, LOGGER, type Logger } from './logger';
export { counter, histogram, gauge, httpRequestDuration, renderMetrics } from './metrics';
export { ReadinessChecks, type ReadinessCheck, HealthController } from './health';
export { PlatformModule, SERVICE_NAME } from './platform.module';
export { createServiceApp, type ServiceAppOptions, type ServiceInstance } from './service-app';
export { readOrCreateLocalSecret } from './local-secrets';
export { serveComposition, type ComposedService } from './composition';
export { RequestValidationPipe } from './validation';
export { stopOnSignals } from './shutdown';
export {
  type KeysetPosition,
  ISO_MILLISECONDS,
  encodeKeysetCursor,
  decodeKeysetCursor,
} from './keyset-cursor';
export { WakeSignal } from './wake-signal';
