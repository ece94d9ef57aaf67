import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  type Link,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ConfigError } from './config';

/*
 * W3C trace context from an HTTP request, through the outbox and the bus, to consumers and webhook
 * attempts. The tracer provider, context manager and propagator are process-wide (OpenTelemetry keeps
 * them on a global), so in the standalone composition the first service to start registers them and
 * the others find them there.
 */

const TRACES_EXPORTERS = ['none', 'console'] as const;
export type TracesExporter = (typeof TRACES_EXPORTERS)[number];

export interface TracingOptions {
  /** `none` (the default) records spans but sends them nowhere; `console` prints each finished span. */
  exporter?: TracesExporter;
  /** Extra processors, such as a test's in-memory exporter. */
  spanProcessors?: SpanProcessor[];
}

const TRACER_NAME = 'governance';
const propagator = new W3CTraceContextPropagator();

const recordGetter: TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
    return undefined;
  },
};
const recordSetter: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

/** OTEL_TRACES_EXPORTER: `none` unless set; anything else than the known names is a config error. */
export function readTracesExporter(env: NodeJS.ProcessEnv = process.env): TracesExporter {
  const value = env.OTEL_TRACES_EXPORTER?.trim() || 'none';
  if ((TRACES_EXPORTERS as readonly string[]).includes(value)) return value as TracesExporter;
  throw new ConfigError([
    `OTEL_TRACES_EXPORTER must be one of ${TRACES_EXPORTERS.join(', ')} (an OTLP exporter needs a build that includes one)`,
  ]);
}

const STARTED = Symbol.for('governance.platform.tracing-started');
type GlobalWithTracing = typeof globalThis & { [STARTED]?: boolean };

/**
 * Registers the tracer provider, the async context manager and the propagator, once per process;
 * later calls find them registered and change nothing. Spans are always recorded, so trace ids exist
 * and travel even when the exporter is `none`.
 */
export function startTracing(options: TracingOptions = {}): void {
  const scope = globalThis as GlobalWithTracing;
  if (scope[STARTED] === true) return;
  const processors = [...(options.spanProcessors ?? [])];
  if (options.exporter === 'console') processors.push(new SimpleSpanProcessor(new ConsoleSpanExporter()));
  const contextManager = new AsyncLocalStorageContextManager();
  contextManager.enable();
  context.setGlobalContextManager(contextManager);
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: processors }));
  scope[STARTED] = true;
}

export function tracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

/** The context a carrier's `traceparent` (and `tracestate`) describe; the root context without one. */
export function extractTraceContext(carrier: Record<string, unknown> | null | undefined): Context {
  return carrier ? propagator.extract(ROOT_CONTEXT, carrier, recordGetter) : ROOT_CONTEXT;
}

/** A link to the span a carrier's `traceparent` names, for work done on behalf of several traces. */
export function traceLinkOf(carrier: Record<string, unknown>): Link | undefined {
  const spanContext = trace.getSpanContext(extractTraceContext(carrier));
  return spanContext && trace.isSpanContextValid(spanContext) ? { context: spanContext } : undefined;
}

/** The context of a stored `traceparent` value, such as the one a webhook delivery row keeps. */
export function traceContextOf(traceparent: string | null | undefined): Context {
  return traceparent ? extractTraceContext({ traceparent }) : ROOT_CONTEXT;
}

/** `traceparent` and `tracestate` of the active span, empty when there is none. */
export function currentTraceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  propagator.inject(context.active(), headers, recordSetter);
  return headers;
}

/** The active span's `traceparent`, or null outside any trace. */
export function currentTraceparent(): string | null {
  return currentTraceHeaders()['traceparent'] ?? null;
}

const REQUEST_ID = createContextKey('governance.request_id');

/** `context` with the id of the HTTP request being handled, for the log lines written inside it. */
export function withRequestId(parent: Context, requestId: string): Context {
  return parent.setValue(REQUEST_ID, requestId);
}

/**
 * Log fields of the active span (and request): every log line written inside a trace carries its id,
 * and lines written while handling a request carry the request id.
 */
export function traceLogFields(span: Span | undefined = trace.getActiveSpan()): {
  trace_id?: string;
  span_id?: string;
  request_id?: string;
} {
  const requestId = context.active().getValue(REQUEST_ID);
  const fields = typeof requestId === 'string' ? { request_id: requestId } : {};
  const spanContext = span?.spanContext();
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return fields;
  return { ...fields, trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  links?: Link[];
}

/**
 * Runs `work` in a new span, child of `parent` (the active context unless given), and ends the span
 * when the work settles; a thrown error marks the span failed and is rethrown.
 */
export async function inSpan<T>(
  name: string,
  parent: Context | undefined,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parentContext = parent ?? context.active();
  const span = tracer().startSpan(name, options, parentContext);
  try {
    return await context.with(trace.setSpan(parentContext, span), () => work(span));
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

export { SpanKind, SpanStatusCode, type Span, type Context };
