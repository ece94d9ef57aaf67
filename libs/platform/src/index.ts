export { ConfigError, EnvReader } from './config';
export { ApiError, ErrorCode, type ErrorBody, type FieldProblem } from './errors';
export { ApiExceptionFilter, toApiError } from './exception-filter';
export { ADMIN_TOKEN, AdminTokenGuard } from './admin-token.guard';
export { createLogger, PinoNestLogger, LOGGER, type Logger } from './logger';
export { counter, histogram, gauge, httpRequestDuration, renderMetrics } from './metrics';
export { ReadinessChecks, type ReadinessCheck, HealthController } from './health';
export { PlatformModule, SERVICE_NAME } from './platform.module';
export { createServiceApp, type ServiceAppOptions, type ServiceInstance } from './service-app';
export { readOrCreateLocalSecret } from './local-secrets';
export { serveComposition, type ComposedService } from './composition';
export { RequestValidationPipe } from './validation';
export { closeGracefully, stopOnSignals } from './shutdown';
export {
  type KeysetPosition,
  ISO_MILLISECONDS,
  encodeKeysetCursor,
  decodeKeysetCursor,
} from './keyset-cursor';
export { PageQuery, readPage } from './page';
export { nameConflict, violatesUnique, withIsoDates, type WithDates, type WithIsoDates } from './rows';
export { PeriodicTask } from './periodic-task';
export { NO_CONTROL_CHARACTERS, Present } from './request-fields';
export { listen, sleep, wake, WakeListener, WakeSignal } from './wake-signal';
export { backoffMs } from './backoff';
export { ClaimLoop, type ClaimLoopOptions } from './claim-loop';
export {
  TRACES_EXPORTERS,
  TRACE_HEADERS,
  type TracesExporter,
  type TracingOptions,
  type SpanOptions,
  readTracesExporter,
  startTracing,
  tracer,
  extractTraceContext,
  traceContextOf,
  traceLinkOf,
  currentTraceHeaders,
  currentTraceparent,
  traceLogFields,
  inSpan,
  SpanKind,
  SpanStatusCode,
  type Span,
  type Context,
} from './tracing';
export {
  ADMIN_TOKEN_AUTH,
  API_KEY_AUTH,
  ApiErrors,
  type ErrorStatus,
  ApiIdParam,
  ApiJsonBody,
  ApiJsonResponse,
  ApiKeyAuth,
  ApiQueryFrom,
  buildOpenApiDocument,
  dtoSchema,
  Endpoint,
  Id,
  List,
  Nullable,
  type OpenAPIObject,
  openApiSchema,
  Page,
  type SchemaObject,
  serveOpenApiDocs,
  StringEnum,
  Timestamp,
  unmappedValidators,
} from './openapi';
