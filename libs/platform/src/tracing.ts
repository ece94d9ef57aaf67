import {
  type Context,
  context,
  createContextKey,
  defaultTextMapGetter,
  defaultTextMapSetter,
  type Link,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  type SpanOptions,
  SpanStatusCode,
  trace,
  type Tracer,
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
 * attempts. OpenTelemetry keeps its registrations process-wide, so composed services share them.
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
 * Registers the tracer provider and the async context manager once per process. Spans are recorded even
 * with the exporter `none`, so trace ids exist and travel.
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
  return carrier ? propagator.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter) : ROOT_CONTEXT;
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
  propagator.inject(context.active(), headers, defaultTextMapSetter);
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

/** Log fields of the active span and request, so every line written inside a trace carries its ids. */
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

/** Runs `work` in a new span, child of `parent` (else the active context); a throw marks it failed. */
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
