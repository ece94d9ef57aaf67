import { isId, type TelemetryReceivedDetails } from '@governance/contracts';

/**
 * The metric values of one telemetry batch by system and metric, in arrival order. A record's own
 * system_id overrides the batch's; records naming something that is not a system id are left out.
 */
export function metricValuesBySystem(batch: TelemetryReceivedDetails): Map<string, Map<string, number[]>> {
  const bySystem = new Map<string, Map<string, number[]>>();
  for (const record of batch.records) {
    const systemId = record.system_id ?? batch.system_id;
    if (!isId('system', systemId)) continue;
    let byMetric = bySystem.get(systemId);
    if (!byMetric) {
      byMetric = new Map();
      bySystem.set(systemId, byMetric);
    }
    const metrics: Record<string, unknown> =
      typeof record.metrics === 'object' && record.metrics !== null ? record.metrics : {};
    for (const [metric, value] of Object.entries(metrics)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      const values = byMetric.get(metric);
      if (values) values.push(value);
      else byMetric.set(metric, [value]);
    }
  }
  return bySystem;
}
