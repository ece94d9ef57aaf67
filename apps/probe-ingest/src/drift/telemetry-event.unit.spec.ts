import { type ConsumedEvent } from '@governance/messaging';
import { readTelemetryEvent } from './telemetry-event';

function consumed(payload: string): ConsumedEvent {
  return {
    consumerGroup: 'probe-ingest.drift',
    topic: 'governance.internal.telemetry',
    key: 'org_X',
    eventId: '01a202ee-e2ea-7143-bce9-57faea0187af',
    eventType: 'telemetry.received',
    headers: {},
    payload,
  };
}

const valid = {
  id: '01a202ee-e2ea-7143-bce9-57faea0187af',
  organization_id: 'org_X',
  event: 'telemetry.received',
  timestamp: '2026-11-22T10:00:00.000Z',
  details: {
    probe_id: 'prb_X',
    system_id: 'sys_X',
    received_at: '2026-11-22T10:00:00.000Z',
    records: [{ timestamp: '2026-11-22T10:00:00.000Z', metrics: { latency_ms: 1 } }],
  },
};

describe('readTelemetryEvent', () => {
  it('reads a telemetry.received record', () => {
    expect(readTelemetryEvent(consumed(JSON.stringify(valid)))).toEqual(valid);
  });

  it.each([
    ['not JSON', '{'],
    ['null', 'null'],
    ['another event', JSON.stringify({ ...valid, event: 'probe.heartbeat' })],
    ['no organization', JSON.stringify({ ...valid, organization_id: undefined })],
    ['no records', JSON.stringify({ ...valid, details: { ...valid.details, records: undefined } })],
    ['a null record', JSON.stringify({ ...valid, details: { ...valid.details, records: [null] } })],
    [
      'a record without metrics',
      JSON.stringify({ ...valid, details: { ...valid.details, records: [{ timestamp: 'x' }] } }),
    ],
  ])('skips %s rather than failing on it forever', (_, payload) => {
    expect(readTelemetryEvent(consumed(payload))).toBeUndefined();
  });
});
