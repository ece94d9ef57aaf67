import { extractTraceContext, inLeafSpan, startTracing, traceContextOf, traceLogFields } from './tracing';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN_ID = '00f067aa0ba902b7';

/** OTEL_TRACES_EXPORTER=none and no processor: a leaf span carries ids for its log lines, and no more. */
describe('leaf spans while no span is received', () => {
  beforeAll(() => startTracing({ exporter: 'none' }));

  it('continues the parent trace under a span id of its own, sampled as the parent is', async () => {
    for (const flags of ['01', '00']) {
      const parent = extractTraceContext({
        traceparent: `00-${TRACE_ID}-${PARENT_SPAN_ID}-${flags}`,
        tracestate: 'vendor=abc',
      });
      const { span, active } = await inLeafSpan('webhook attempt', parent, {}, async (leaf) => ({
        span: leaf,
        active: traceLogFields(),
      }));
      expect(active).toEqual({});
      expect(span.isRecording()).toBe(false);
      expect(span.spanContext()).toMatchObject({ traceId: TRACE_ID, traceFlags: Number(flags) });
      expect(span.spanContext().traceState?.serialize()).toBe('vendor=abc');
      expect(span.spanContext().spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(span.spanContext().spanId).not.toBe(PARENT_SPAN_ID);
      expect(traceLogFields(span)).toEqual({ trace_id: TRACE_ID, span_id: span.spanContext().spanId });
    }
  });

  it('starts a new sampled trace without a parent, each leaf its own', async () => {
    const spans = await Promise.all(
      [traceContextOf(null), traceContextOf('garbage')].map((parent) =>
        inLeafSpan('webhook attempt', parent, {}, async (leaf) => leaf.spanContext()),
      ),
    );
    for (const context of spans) {
      expect(context.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(context.traceId).not.toMatch(/^0+$/);
      expect(context.traceFlags).toBe(1);
    }
    expect(spans[0]!.traceId).not.toBe(spans[1]!.traceId);
  });

  it('rethrows what its work throws', async () => {
    await expect(
      inLeafSpan('fails', traceContextOf(null), {}, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});
