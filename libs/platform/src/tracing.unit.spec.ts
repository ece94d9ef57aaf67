import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ConfigError } from './config';
import {
  currentTraceHeaders,
  currentTraceparent,
  extractTraceContext,
  inLeafSpan,
  inSpan,
  readTracesExporter,
  SpanKind,
  SpanStatusCode,
  startTracing,
  traceContextOf,
  traceLinkOf,
  traceLogFields,
} from './tracing';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${PARENT_SPAN_ID}-01`;

describe('tracing', () => {
  const exporter = new InMemorySpanExporter();

  beforeAll(() => {
    startTracing({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    // A second registration, as a second service in the same process makes, changes nothing.
    startTracing({ exporter: 'console' });
  });

  beforeEach(() => exporter.reset());

  it('reads OTEL_TRACES_EXPORTER: none by default, console allowed, anything else refused', () => {
    expect(readTracesExporter({})).toBe('none');
    expect(readTracesExporter({ OTEL_TRACES_EXPORTER: 'console' })).toBe('console');
    expect(() => readTracesExporter({ OTEL_TRACES_EXPORTER: 'otlp' })).toThrow(ConfigError);
  });

  it('has no trace headers or log fields outside a span', () => {
    expect(currentTraceHeaders()).toEqual({});
    expect(currentTraceparent()).toBeNull();
    expect(traceLogFields()).toEqual({});
  });

  it('continues an incoming traceparent and tracestate: same trace, the caller as parent', async () => {
    const parent = extractTraceContext({ traceparent: TRACEPARENT, tracestate: 'vendor=abc' });
    const headers = await inSpan('handle', parent, { kind: SpanKind.SERVER }, async () => {
      expect(traceLogFields()).toMatchObject({ trace_id: TRACE_ID });
      return currentTraceHeaders();
    });
    expect(headers.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(headers.traceparent).not.toContain(PARENT_SPAN_ID);
    expect(headers.tracestate).toBe('vendor=abc');
    const [span] = exporter.getFinishedSpans();
    expect(span?.spanContext().traceId).toBe(TRACE_ID);
    expect(span?.parentSpanContext?.spanId).toBe(PARENT_SPAN_ID);
  });

  it('starts a new trace without a traceparent, and a malformed one counts as none', async () => {
    const ids = await Promise.all(
      [undefined, { traceparent: 'garbage' }, {}].map((carrier) =>
        inSpan('root', extractTraceContext(carrier), {}, async () => traceLogFields().trace_id),
      ),
    );
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('resumes a stored traceparent and links to one', async () => {
    const traceId = await inSpan('attempt', traceContextOf(TRACEPARENT), {}, async () => {
      return traceLogFields().trace_id;
    });
    expect(traceId).toBe(TRACE_ID);
    expect(traceLinkOf({ traceparent: TRACEPARENT })?.context.spanId).toBe(PARENT_SPAN_ID);
    expect(traceLinkOf({})).toBeUndefined();
  });

  it('marks a span failed when its work throws, and rethrows', async () => {
    await expect(
      inSpan('fails', undefined, {}, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const [span] = exporter.getFinishedSpans();
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
    expect(span?.events[0]?.name).toBe('exception');
  });

  it('records a leaf span while spans are received, without making it the active context', async () => {
    const seen = await inLeafSpan(
      'webhook attempt',
      traceContextOf(TRACEPARENT),
      { kind: SpanKind.CLIENT, attributes: { 'webhook.attempt': 1 } },
      async (span) => {
        span.setAttribute('webhook.attempt.outcome', 'succeeded');
        return { active: traceLogFields(), own: traceLogFields(span), recording: span.isRecording() };
      },
    );
    expect(seen.active).toEqual({});
    expect(seen.own).toEqual({ trace_id: TRACE_ID, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(seen.recording).toBe(true);
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('webhook attempt');
    expect(span?.spanContext().spanId).toBe(seen.own.span_id);
    expect(span?.parentSpanContext?.spanId).toBe(PARENT_SPAN_ID);
    expect(span?.attributes).toEqual({ 'webhook.attempt': 1, 'webhook.attempt.outcome': 'succeeded' });
  });
});
