import { INTERNAL_TOPICS, newId, newUuidV7, TOPIC_RECORD_SCHEMAS } from '@governance/contracts';
import { recordOf, systemSnapshot } from '@governance/testing';
import { systemsEventMessage } from './outbox-message';
import { checkRecordContract } from './record-contract';
import { type OutboxMessage } from './outbox-message';

const organizationId = newId('organization');

const systemRegistered = (): OutboxMessage => recordOf.systemRegistered(organizationId);

/** The message with its payload changed as `change` says; headers follow the record id. */
function edited(message: OutboxMessage, change: (record: Record<string, unknown>) => void): OutboxMessage {
  const record = JSON.parse(message.payload) as Record<string, unknown>;
  change(record);
  return { ...message, payload: JSON.stringify(record) };
}

const check = (message: OutboxMessage) =>
  checkRecordContract({ topic: message.topic, eventId: message.eventId, payload: message.payload });

describe('checkRecordContract', () => {
  it('has a schema for every public and internal topic', () => {
    expect(Object.keys(TOPIC_RECORD_SCHEMAS)).toEqual(
      expect.arrayContaining([...Object.values(INTERNAL_TOPICS), 'governance.system.registered']),
    );
  });

  it('accepts records as our producers write them', () => {
    expect(check(systemRegistered())).toMatchObject({ ok: true });
    const snapshot = systemsEventMessage({
      id: newUuidV7(),
      organization_id: organizationId,
      event: 'system.created',
      timestamp: new Date().toISOString(),
      details: systemSnapshot(),
    });
    expect(check(snapshot)).toMatchObject({ ok: true });
  });

  it('refuses a value that is not JSON', () => {
    expect(check({ ...systemRegistered(), payload: '{"id": ' })).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });

  it.each<[string, (record: Record<string, unknown>) => void, RegExp]>([
    ['a non-UUID id', (record) => (record['id'] = 'not-a-uuid'), /\/id must match format "uuid"/],
    ['a missing organization', (record) => delete record['organization_id'], /organization_id/],
    [
      'a wrong type',
      (record) => (record['details'] = { ...(record['details'] as object), declared: 'yes' }),
      /\/details\/declared must be boolean/,
    ],
    ['an unknown severity', (record) => (record['severity'] = 'LOW'), /\/severity/],
    [
      'a timestamp that is no date',
      (record) => (record['timestamp'] = '2026-13-45T99:00:00Z'),
      /\/timestamp/,
    ],
  ])('refuses %s, naming the field', (_name, change, problem) => {
    const result = check(edited(systemRegistered(), change));
    expect(result).toMatchObject({ ok: false, reason: 'contract' });
    expect(result.ok ? '' : result.error).toMatch(problem);
  });

  it('checks the details of the event type an internal record names', () => {
    const snapshot = systemsEventMessage({
      id: newUuidV7(),
      organization_id: organizationId,
      event: 'system.updated',
      timestamp: new Date().toISOString(),
      details: systemSnapshot(),
    });
    const result = check(
      edited(snapshot, (record) => ((record['details'] as Record<string, unknown>)['status'] = 'gone')),
    );
    expect(result.ok ? '' : result.error).toMatch(/\/details\/status/);
    const unknown = check(edited(snapshot, (record) => (record['event'] = 'system.exploded')));
    expect(unknown.ok ? '' : unknown.error).toMatch(/\/event/);
  });

  it('refuses an event id header that is no UUID or not the record id', () => {
    const message = systemRegistered();
    expect(check({ ...message, eventId: '' })).toMatchObject({ ok: false, reason: 'contract' });
    expect(check({ ...message, eventId: newUuidV7() })).toMatchObject({ ok: false, reason: 'contract' });
  });

  it('asks only for JSON and a UUID event id on a topic without a contract', () => {
    expect(checkRecordContract({ topic: 'test.topic', eventId: newUuidV7(), payload: '[1]' })).toMatchObject({
      ok: true,
    });
  });

  it('checks a record kept once again only when its bytes or topic differ', () => {
    const message = systemRegistered();
    expect(check(message)).toMatchObject({ ok: true });
    // Another consumer group of the process reads the same record: the same verdict, and its own parse.
    const again = check({ ...message });
    expect(again).toMatchObject({ ok: true, record: JSON.parse(message.payload) as unknown });
    // The same event id with other bytes is checked afresh, and can fail.
    const changed = edited(message, (record) => delete record['organization_id']);
    expect(check(changed)).toMatchObject({ ok: false, reason: 'contract' });
    expect(checkRecordContract({ ...message, topic: INTERNAL_TOPICS.telemetry })).toMatchObject({
      ok: false,
      reason: 'contract',
    });
  });
});
