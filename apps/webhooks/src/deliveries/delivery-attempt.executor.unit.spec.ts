import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { SecretBox, startTracing } from '@governance/platform';
import { readWebhooksConfig } from '../config';
import { EndpointBreakers } from '../outbound/endpoint-breakers';
import { type WebhookRequest, type WebhookSender } from '../outbound/webhook-sender';
import { DeliveryAttemptExecutor } from './delivery-attempt.executor';
import { type ClaimedAttempt } from './delivery-queue.repository';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const WEBHOOK_ID = 'webhook_01JD0000000000000000000000';

/** The executor with a sender that records its requests and answers 200, and its log lines as objects. */
function executorFixture() {
  const key = randomBytes(32);
  const sent: WebhookRequest[] = [];
  const sender = {
    send: async (request: WebhookRequest) => {
      sent.push(request);
      return { success: true, statusCode: 200, responseTimeMs: 1, error: null };
    },
  } as unknown as WebhookSender;
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );
  const config = readWebhooksConfig({
    DATABASE_URL: 'postgres://unused/unused',
    SECRETS_ENCRYPTION_KEY: key.toString('base64'),
  });
  const breakers = new EndpointBreakers({ resetTimeoutMs: 1_000 });
  const executor = new DeliveryAttemptExecutor(sender, breakers, new SecretBox(key), config, logger);
  const claim = (sealed: { current: string; previous?: string }): ClaimedAttempt => ({
    deliveryId: '0192f0c2-7a8b-7c3d-9e4f-0a1b2c3d4e5f',
    webhookId: WEBHOOK_ID,
    organizationId: 'org_01JD0000000000000000000000',
    eventType: 'system.registered',
    payload: '{"id":"x"}',
    attempt: 1,
    url: 'https://hooks.example.com/in',
    signingSecretEncrypted: sealed.current,
    previousSigningSecretEncrypted: sealed.previous ?? null,
    traceParent: `00-${TRACE_ID}-00f067aa0ba902b7-01`,
  });
  return { executor, sent, lines, claim, box: new SecretBox(key), breakers };
}

describe('DeliveryAttemptExecutor', () => {
  beforeAll(() => startTracing({ exporter: 'none' }));

  it('records a secret that does not open as a failed attempt, sends nothing, and logs it in the trace', async () => {
    const { executor, sent, lines, claim, breakers } = executorFixture();
    const foreign = new SecretBox(randomBytes(32)).seal('whsec_x', WEBHOOK_ID);
    const record = await executor.execute(claim({ current: foreign }));
    breakers.close();
    expect(record).toMatchObject({
      error: 'signing_secret_unavailable',
      statusCode: null,
      outcome: 'pending',
    });
    expect(sent).toHaveLength(0);
    const failure = lines.find((line) => line.msg === 'cannot decrypt signing secret');
    const attempt = lines.find((line) => line.msg === 'delivery attempt');
    expect(failure).toMatchObject({ trace_id: TRACE_ID, webhook_id: WEBHOOK_ID });
    expect(attempt).toMatchObject({ trace_id: TRACE_ID, error: 'signing_secret_unavailable' });
    expect(failure?.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(failure?.span_id).toBe(attempt?.span_id);
  });

  it('signs with the current secret alone when the previous one does not open, and logs that in the trace', async () => {
    const { executor, sent, lines, claim, box, breakers } = executorFixture();
    const current = box.seal('whsec_current', WEBHOOK_ID);
    const previous = new SecretBox(randomBytes(32)).seal('whsec_previous', WEBHOOK_ID);
    const record = await executor.execute(claim({ current, previous }));
    breakers.close();
    expect(record).toMatchObject({ outcome: 'succeeded', statusCode: 200, error: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['X-Service-Signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
    const failure = lines.find((line) => String(line.msg).startsWith('cannot decrypt previous'));
    expect(failure).toMatchObject({ trace_id: TRACE_ID, webhook_id: WEBHOOK_ID });
    expect(failure?.span_id).toBe(lines.find((line) => line.msg === 'delivery attempt')?.span_id);
  });
});
