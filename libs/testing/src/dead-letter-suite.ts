import { newId } from '@governance/contracts';
import { type OutboxMessage } from '@governance/messaging';
import { startKafkaMockCluster, type KafkaMockCluster } from './kafka-mock-cluster';
import { eventually, type ServiceHarness } from './service-harness';

/** One consumer group of a service, and a record of one of its topics that it handles. */
export interface ConsumerGroupCase {
  /** The consumer's name within the service: `dispatcher` for `webhooks.dispatcher`. */
  consumer: string;
  /** A record the group handles, of the organization given. */
  record(organizationId: string): OutboxMessage;
}

export interface DeadLetterSuiteOptions {
  service: string;
  schema: string;
  start(options: { env: Record<string, string>; kafkaBrokers?: string }): Promise<ServiceHarness>;
  groups: ConsumerGroupCase[];
}

const ADMIN_TOKEN = 'dead-letter-suite-admin-token';

interface ListedLetter {
  id: string;
  key: string;
  event_id: string;
  reason: string;
  error: string;
  attempts: number;
}

function edited(message: OutboxMessage, change: (record: Record<string, unknown>) => void): OutboxMessage {
  const record = JSON.parse(message.payload) as Record<string, unknown>;
  change(record);
  return { ...message, payload: JSON.stringify(record) };
}

/**
 * For every consumer group of a service, on the Postgres event log and on Kafka: each kind of bad record
 * (not JSON, a non-UUID id, a missing field, a wrong type, a handler failing for good) ahead of a good
 * one on the same partition. The good one must be handled within 2 s; the bad ones are listed by the
 * admin API, replayable after a fix, and discardable.
 *
 * The failing handler is real: a trigger makes the insert into processed_events (every consumer's
 * idempotence record) raise for the event ids in a test table, as a bug in the handler would.
 */
export function describeDeadLetters(options: DeadLetterSuiteOptions): void {
  const { service, schema } = options;
  const path = `/admin/v1/${service}/dead-letters`;

  describe.each([
    ['the Postgres event log', false],
    ['Kafka', true],
  ])(`${service} consumers meeting poison records on %s`, (_bus, onKafka) => {
    let cluster: KafkaMockCluster | undefined;
    let harness: ServiceHarness;

    const processed = async (group: string, eventId: string): Promise<boolean> => {
      const rows = await harness.sql.query<unknown[]>(
        `SELECT 1 FROM ${schema}.processed_events WHERE consumer_group = $1 AND event_id = $2`,
        [group, eventId],
      );
      return rows.length > 0;
    };

    const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
      harness.request(method, url, ADMIN_TOKEN, body);

    const lettersOf = async (consumer: string, key: string): Promise<ListedLetter[]> => {
      const reply = await admin('GET', `${path}?consumer=${consumer}`);
      expect(reply.statusCode).toBe(200);
      return reply.json<{ data: ListedLetter[] }>().data.filter((letter) => letter.key === key);
    };

    beforeAll(async () => {
      cluster = onKafka ? await startKafkaMockCluster() : undefined;
      harness = await options.start({
        env: {
          ADMIN_TOKEN,
          CONSUMER_RETRY_BACKOFF_MS: '10',
          CONSUMER_MAX_HANDLER_ATTEMPTS: '3',
        },
        ...(cluster ? { kafkaBrokers: cluster.bootstrapServers } : {}),
      });
      await harness.sql.query(`CREATE TABLE ${schema}.test_poisoned_events (event_id uuid PRIMARY KEY)`);
      await harness.sql.query(`CREATE FUNCTION ${schema}.test_poison() RETURNS trigger AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM ${schema}.test_poisoned_events WHERE event_id = NEW.event_id) THEN
            RAISE EXCEPTION 'poisoned event %', NEW.event_id;
          END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql`);
      await harness.sql.query(`CREATE TRIGGER test_poison BEFORE INSERT ON ${schema}.processed_events
        FOR EACH ROW EXECUTE FUNCTION ${schema}.test_poison()`);
      // Every group reads (a Kafka group takes seconds to join) before the clock of a test starts.
      const warmUps = options.groups.map((group) => group.record(newId('organization')));
      await harness.publishMessages(warmUps);
      let waiting: string[] = [];
      await eventually(
        async () => {
          const done = await Promise.all(
            options.groups.map((group, index) =>
              processed(`${service}.${group.consumer}`, warmUps[index]!.eventId),
            ),
          );
          waiting = options.groups.filter((_, index) => !done[index]).map((group) => group.consumer);
          return waiting.length === 0;
        },
        45_000,
        'every consumer group to read',
      ).catch((error: Error) => {
        throw new Error(`${error.message}; still waiting: ${waiting.join(', ')}`);
      });
    }, 90_000);

    afterAll(async () => {
      await harness?.close();
      await cluster?.stop();
    });

    it.each(options.groups.map((group) => [group.consumer, group] as const))(
      '%s: sets each bad record aside, handles the good one behind it within 2 s, and replays after a fix',
      async (consumer, group) => {
        const consumerGroup = `${service}.${consumer}`;
        const organizationId = newId('organization');
        const poisoned = group.record(organizationId);
        const bad = [
          { ...group.record(organizationId), payload: '{"id": "not json' },
          edited(group.record(organizationId), (record) => (record['id'] = 'not-a-uuid')),
          edited(group.record(organizationId), (record) => delete record['timestamp']),
          edited(group.record(organizationId), (record) => (record['organization_id'] = 42)),
          poisoned,
        ];
        const good = group.record(organizationId);
        await harness.sql.query(`INSERT INTO ${schema}.test_poisoned_events VALUES ($1)`, [poisoned.eventId]);

        await harness.publishMessages([...bad, good]);
        const published = Date.now();
        await eventually(
          () => processed(consumerGroup, good.eventId),
          2_000,
          `${consumerGroup} to handle the good record`,
        );
        expect(Date.now() - published).toBeLessThan(2_000);

        const letters = await eventually(
          async () => {
            const listed = await lettersOf(consumer, organizationId);
            return listed.length === bad.length ? listed : undefined;
          },
          5_000,
          'the bad records to be listed',
        );
        expect(letters.map((letter) => [letter.event_id, letter.reason])).toEqual([
          [bad[0]!.eventId, 'malformed'],
          [bad[1]!.eventId, 'contract'],
          [bad[2]!.eventId, 'contract'],
          [bad[3]!.eventId, 'contract'],
          [poisoned.eventId, 'handler'],
        ]);
        expect(letters[1]!.error).toMatch(/\/id must match format "uuid"/);
        expect(letters[2]!.error).toMatch(/must have required property 'timestamp'/);
        expect(letters[3]!.error).toMatch(/\/organization_id must be string/);
        expect(letters[4]!.error).toMatch(/poisoned event/);
        expect(letters[4]!.attempts).toBe(3);
        expect(await processed(consumerGroup, poisoned.eventId)).toBe(false);

        // The fix: the handler no longer fails. Replaying it runs it and removes the letter.
        await harness.sql.query(`DELETE FROM ${schema}.test_poisoned_events WHERE event_id = $1`, [
          poisoned.eventId,
        ]);
        const replay = await admin('POST', `${path}/${letters[4]!.id}/replay`);
        expect([replay.statusCode, replay.json()]).toEqual([
          200,
          { id: letters[4]!.id, outcome: 'replayed', error: null },
        ]);
        expect(await processed(consumerGroup, poisoned.eventId)).toBe(true);

        // The others still break their contract: replayed, they stay, with one more attempt.
        const topic = await admin('POST', `${path}/replay`, { topic: good.topic });
        expect(topic.statusCode).toBe(200);
        const left = await lettersOf(consumer, organizationId);
        expect(left.map((letter) => [letter.reason, letter.attempts])).toEqual([
          ['malformed', 2],
          ['contract', 2],
          ['contract', 2],
          ['contract', 2],
        ]);
        const discard = await admin('DELETE', `${path}/${left[0]!.id}`);
        expect(discard.statusCode).toBe(204);
        expect(await lettersOf(consumer, organizationId)).toHaveLength(3);
        const gone = await admin('DELETE', `${path}/${left[0]!.id}`);
        expect([gone.statusCode, gone.json<{ error: { code: string } }>().error.code]).toEqual([
          404,
          'not_found',
        ]);
      },
    );

    it('refuses topic and consumer names no topic or group can have, and ids that are not numbers', async () => {
      const answers = await Promise.all([
        harness.request('POST', `${path}/replay`, ADMIN_TOKEN, { topic: 'governance.\u0000' }),
        harness.request('GET', `${path}?topic=${encodeURIComponent('a b')}`, ADMIN_TOKEN),
        harness.request('GET', `${path}?consumer=${encodeURIComponent('x\u0000')}`, ADMIN_TOKEN),
      ]);
      expect(
        answers.map((reply) => [reply.statusCode, reply.json<{ error: { code: string } }>().error.code]),
      ).toEqual([
        [400, 'validation_failed'],
        [400, 'validation_failed'],
        [400, 'validation_failed'],
      ]);
      const odd = await harness.request('POST', `${path}/not-a-number/replay`, ADMIN_TOKEN);
      expect([odd.statusCode, odd.json<{ error: { code: string } }>().error.code]).toEqual([
        404,
        'not_found',
      ]);
    });

    it('keeps the admin API behind the admin token', async () => {
      const reply = await harness.request('GET', path, 'not-the-admin-token');
      expect([reply.statusCode, reply.json<{ error: { code: string } }>().error.code]).toEqual([
        401,
        'unauthorized',
      ]);
    });
  });
}
