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
  TraceFlags,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  ConsoleSpanExporter,
  RandomIdGenerator,
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
const ids = new RandomIdGenerator();

/** OTEL_TRACES_EXPORTER: `none` unless set; anything else than the known names is a config error. */
export function readTracesExporter(env: NodeJS.ProcessEnv = process.env): TracesExporter {
  const value = env.OTEL_TRACES_EXPORTER?.trim() || 'none';
  if ((TRACES_EXPORTERS as readonly string[]).includes(value)) return value as TracesExporter;
  throw new ConfigError([
    `OTEL_TRACES_EXPORTER must be one of ${TRACES_EXPORTERS.join(', ')} (an OTLP exporter needs a build that includes one)`,
  ]);
}

const STARTED = Symbol.for('governance.platform.tracing-started');
/** Whether finished spans reach anything: an exporter, or a processor such as a test's. */
const RECEIVED = Symbol.for('governance.platform.spans-received');
type GlobalWithTracing = typeof globalThis & { [STARTED]?: boolean; [RECEIVED]?: boolean };

/**
 * Registers the tracer provider and the async context manager once per process. Spans are recorded even
 * with the exporter `none`, so trace ids exist and travel; only leaf spans (`inLeafSpan`) are not then.
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
  scope[RECEIVED] = processors.length > 0;
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

export interface TraceLogFields {
  trace_id?: string;
  span_id?: string;
  request_id?: string;
}

/** Log fields of the active span and request, so every line written inside a trace carries its ids. */
export function traceLogFields(span: Span | undefined = trace.getActiveSpan()): TraceLogFields {
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
  return endingSpan(span, () => context.with(trace.setSpan(parentContext, span), () => work(span)));
}

/**
 * `inSpan` for work that starts no span of its own: the span does not become the active context, so its
 * log lines name it with `traceLogFields(span)`. While no span is received anywhere (the exporter `none`),
 * it is a non-recording span with ids of its own, which is all its log lines need, at a fraction of the
 * cost per call: a webhook attempt makes one per delivery.
 */
export function inLeafSpan<T>(
  name: string,
  parent: Context,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const received = (globalThis as GlobalWithTracing)[RECEIVED] === true;
  const span = received ? tracer().startSpan(name, options, parent) : spanWithIdsOnly(parent);
  return endingSpan(span, () => work(span));
}

/** A non-recording child of `parent`, or the root of a new trace without one; sampled as its parent is. */
function spanWithIdsOnly(parent: Context): Span {
  const parentSpan = trace.getSpanContext(parent);
  const spanId = ids.generateSpanId();
  return trace.wrapSpanContext(
    parentSpan && trace.isSpanContextValid(parentSpan)
      ? { ...parentSpan, spanId, isRemote: false }
      : { traceId: ids.generateTraceId(), spanId, traceFlags: TraceFlags.SAMPLED },
  );
}

async function endingSpan<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

export { SpanKind, SpanStatusCode, type Span, type Context };
