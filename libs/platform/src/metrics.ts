import {
  Counter,
  Histogram,
  Gauge,
  register,
  type CounterConfiguration,
  type HistogramConfiguration,
  type GaugeConfiguration,
} from 'prom-client';

/*
 * Composed services share prom-client's process-wide registry, each with its own bundled copy of this
 * file: a metric is looked up by name before it is created, and carries a `service` label.
 */

export function counter<L extends string>(config: CounterConfiguration<L>): Counter<L> {
  return (register.getSingleMetric(config.name) as Counter<L> | undefined) ?? new Counter(config);
}

export function histogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L> {
  return (register.getSingleMetric(config.name) as Histogram<L> | undefined) ?? new Histogram(config);
}

export function gauge<L extends string>(config: GaugeConfiguration<L>): Gauge<L> {
  return (register.getSingleMetric(config.name) as Gauge<L> | undefined) ?? new Gauge(config);
}

export function httpRequestDuration(): Histogram<'service' | 'method' | 'route' | 'status'> {
  return histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['service', 'method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });
}

export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}
