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
    const byMetric = bySystem.get(systemId) ?? new Map<string, number[]>();
    bySystem.set(systemId, byMetric);
    // The bus checked the record against the contract: every metric value is a number.
    for (const [metric, value] of Object.entries(record.metrics)) {
      const values = byMetric.get(metric);
      if (values) values.push(value);
      else byMetric.set(metric, [value]);
    }
  }
  return bySystem;
}
