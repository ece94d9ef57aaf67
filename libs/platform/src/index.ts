export { ConfigError, EnvReader } from './config';
export { ApiError, ErrorCode, type FieldProblem } from './errors';
export { ADMIN_TOKEN, AdminTokenGuard } from './admin-token.guard';
export { createLogger, LOGGER, type Logger } from './logger';
export { counter, histogram, gauge, renderMetrics } from './metrics';
export { ReadinessChecks } from './health';
export { PlatformModule } from './platform.module';
export { createServiceApp, type ServiceInstance } from './service-app';
export { readOrCreateLocalSecret } from './local-secrets';
export { decodeSecretsKey, SecretBox } from './secret-box';
export {
  addressRefusal,
  type AddressRefusal,
  DestinationPolicy,
  type DestinationPolicyOptions,
  DestinationRefusedError,
  type HostResolver,
  MAX_DESTINATION_URL_LENGTH,
  type PinnedAddress,
  pinnedLookup,
  type RefusalReason,
  type ResolvedDestination,
  type UrlProblem,
} from './destination-policy';
export { serveComposition } from './composition';
export { readRequestTimeoutMs, requestTimeouts } from './http-timeouts';
export { DOCS_CSP, STRICT_TRANSPORT_SECURITY } from './security-headers';
export { StartupNotices } from './startup-notices';
export { RequestValidationPipe } from './validation';
export { closeGracefully, stopOnSignals } from './shutdown';
export { type KeysetPosition, ISO_MILLISECONDS, encodeKeysetCursor } from './keyset-cursor';
export { PageQuery, readPage } from './page';
export {
  nameConflict,
  type SameKeys,
  violatesUnique,
  withIsoDates,
  type WithDates,
  type WithIsoDates,
} from './rows';
export { PeriodicTask } from './periodic-task';
export { PeriodicJob, type JobSchedule } from './periodic-job';
export { deleteInBatches } from './batched-delete';
export {
  type IsolatedFailureReason,
  IsolatedProcessFailure,
  type IsolatedProcessLimits,
  IsolatedProcessPool,
  type IsolatedProgram,
} from './isolated-process';
export { workerScript } from './worker-script';
export { ChangeReason, NO_CONTROL_CHARACTERS, Present, REASON_MAX_LENGTH } from './request-fields';
export {
  type RequestActor,
  type RequestContext,
  currentRequestContext,
  requestContextOf,
} from './request-context';
export { listen, sleep, wake } from './wake-signal';
export { backoffMs } from './backoff';
export { ClaimLoop } from './claim-loop';
export {
  startTracing,
  extractTraceContext,
  traceContextOf,
  traceLinkOf,
  currentTraceHeaders,
  currentTraceparent,
  inSpan,
  inLeafSpan,
  traceLogFields,
  type TraceLogFields,
  SpanKind,
} from './tracing';
export {
  ADMIN_TOKEN_AUTH,
  ApiErrors,
  ApiIdParam,
  ApiJsonBody,
  ApiJsonResponse,
  ApiKeyAuth,
  ApiSessionAuth,
  ApiPermission,
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
  StringEnum,
  Timestamp,
  unmappedValidators,
} from './openapi';
export { LiveStream } from './live-stream';
