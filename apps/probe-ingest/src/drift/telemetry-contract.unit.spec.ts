import { INTERNAL_TOPICS, newId, newUuidV7 } from '@governance/contracts';
import { checkRecordContract } from '@governance/messaging';

const id = newUuidV7();
const valid = {
  id,
  organization_id: newId('organization'),
  event: 'telemetry.received',
  timestamp: '2026-11-22T10:00:00.000Z',
  details: {
    probe_id: newId('probe'),
    system_id: 'sys_X',
    received_at: '2026-11-22T10:00:00.000Z',
    records: [{ timestamp: '2026-11-22T10:00:00.000Z', metrics: { latency_ms: 1 } }],
  },
};

const check = (payload: string) =>
  checkRecordContract({ topic: INTERNAL_TOPICS.telemetry, eventId: id, payload });

/** The drift and violations consumers read telemetry records unchecked: the bus sets aside the rest. */
describe('the telemetry topic contract', () => {
  it('admits a telemetry.received record', () => {
    expect(check(JSON.stringify(valid))).toMatchObject({ ok: true });
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
  ])('refuses %s, so no consumer handler sees it', (_, payload) => {
    expect(check(payload)).toMatchObject({ ok: false });
  });
});
