import { type TelemetryEventRecord } from '@governance/contracts';
import { type ConsumedEvent, parsePayload } from '@governance/messaging';

/** A telemetry.received record we can read; anything else is logged and skipped, not retried forever. */
export function readTelemetryEvent(event: ConsumedEvent): TelemetryEventRecord | undefined {
  let record: Partial<TelemetryEventRecord> | null;
  try {
    record = parsePayload<Partial<TelemetryEventRecord> | null>(event);
  } catch {
    return undefined;
  }
  if (
    typeof record !== 'object' ||
    record === null ||
    record.event !== 'telemetry.received' ||
    typeof record.organization_id !== 'string' ||
    typeof record.details !== 'object' ||
    record.details === null ||
    typeof record.details.system_id !== 'string' ||
    typeof record.details.probe_id !== 'string' ||
    !Array.isArray(record.details.records) ||
    !record.details.records.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as { metrics?: unknown }).metrics === 'object' &&
        (item as { metrics?: unknown }).metrics !== null,
    )
  ) {
    return undefined;
  }
  return record as TelemetryEventRecord;
}
