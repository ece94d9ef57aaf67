import { type TelemetryEventRecord, type ProbeEventRecord } from '@governance/contracts';
import { probeEventMessage, telemetryEventMessage } from '@governance/messaging';
import { reconnectedEventDraft, telemetryEventDraft } from './telemetry-event-draft';

const ORGANIZATION = 'org_01JD0000000000000000000000';
const PROBE = 'prb_01JD0000000000000000000000';
const SYSTEM = 'sys_01JD0000000000000000000000';
const AT = '2026-11-22T12:00:00.000Z';

/** What the statement does in SQL: to_json(system_id)::text between the two halves. */
const completed = (draft: { payloadBefore: string; payloadAfter: string }): string =>
  `${draft.payloadBefore}${JSON.stringify(SYSTEM)}${draft.payloadAfter}`;

describe('telemetry event drafts', () => {
  it('complete to exactly the bytes telemetryEventMessage serializes', () => {
    const records = [
      {
        timestamp: AT,
        metrics: { latency_ms: 1.5, 'a"b': -2.5e-7, big: 1e21 },
        labels: { note: 'quote " backslash \\ unicode é \u2028 "system_id":"x"' },
        observed_endpoint: 'https://api.openai.com/v1',
      },
    ];
    const draft = telemetryEventDraft({ organizationId: ORGANIZATION, probeId: PROBE, records }, AT);
    const record = JSON.parse(completed(draft)) as TelemetryEventRecord;
    expect(record.details).toEqual({ probe_id: PROBE, system_id: SYSTEM, received_at: AT, records });
    const message = telemetryEventMessage(record);
    expect(completed(draft)).toBe(message.payload);
    expect(draft).toMatchObject({
      when: 'telemetry',
      organizationId: ORGANIZATION,
      probeId: PROBE,
      eventId: record.id,
      topic: message.topic,
      eventType: 'telemetry.received',
      headers: JSON.stringify(message.headers),
    });
  });

  it('complete the reconnection event the same way', () => {
    const draft = reconnectedEventDraft({ organizationId: ORGANIZATION, probeId: PROBE }, AT);
    const record = JSON.parse(completed(draft)) as ProbeEventRecord;
    expect(record.details).toEqual({
      probe_id: PROBE,
      system_id: SYSTEM,
      connection: 'connected',
      last_seen_at: AT,
    });
    const message = probeEventMessage(record);
    expect(completed(draft)).toBe(message.payload);
    expect(draft).toMatchObject({ when: 'reconnected', topic: message.topic, eventId: record.id });
  });
});
