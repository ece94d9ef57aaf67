import { createHmac } from 'node:crypto';
import { signedWith, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const secret = 'whsec_receiver_test';
const rawBody = '{"event":"policy.violated","severity":"HIGH","system_id":"sys_9","details":{"context":"é"}}';

function sign(key: string, body: string): string {
  return `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;
}

async function post(url: string, headers: Record<string, string>, body = rawBody): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Service-Hook-ID': 'wh_1', ...headers },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

describe('startWebhookReceiver', () => {
  let receiver: WebhookReceiver | undefined;

  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it('accepts a correctly signed delivery with 200 and records it', async () => {
    receiver = await startWebhookReceiver({ secret });

    const status = await post(receiver.url, { 'X-Service-Signature-256': sign(secret, rawBody) });

    expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hook$/);
    expect(status).toBe(200);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery).toMatchObject({ verdict: 'ok', signatureValid: true, status: 200 });
    expect(delivery?.rawBody.equals(Buffer.from(rawBody))).toBe(true);
    expect(delivery?.body).toEqual(JSON.parse(rawBody));
    expect(delivery?.headers['x-service-hook-id']).toBe('wh_1');
    expect(delivery?.receivedAt).toBeLessThanOrEqual(Date.now());
  });

  it('answers 403 to a signature made with another secret or over other bytes', async () => {
    receiver = await startWebhookReceiver({ secret });

    const wrongKey = await post(receiver.url, { 'X-Service-Signature-256': sign('whsec_other', rawBody) });
    const reserialised = await post(
      receiver.url,
      { 'X-Service-Signature-256': sign(secret, rawBody) },
      JSON.stringify(JSON.parse(rawBody)).replace('"HIGH"', '"HIGH" '),
    );
    const unprefixedKey = await post(receiver.url, {
      'X-Service-Signature-256': sign(secret.slice('whsec_'.length), rawBody),
    });

    expect([wrongKey, reserialised, unprefixedKey]).toEqual([403, 403, 403]);
    expect(receiver.deliveries.map((delivery) => delivery.verdict)).toEqual([
      'mismatch',
      'mismatch',
      'mismatch',
    ]);
    expect(receiver.deliveries.every((delivery) => !delivery.signatureValid)).toBe(true);
  });

  it('answers 400 to a missing or malformed signature header', async () => {
    receiver = await startWebhookReceiver({ secret });
    const digest = sign(secret, rawBody).slice('sha256='.length);

    const statuses = [
      await post(receiver.url, {}),
      await post(receiver.url, { 'X-Service-Signature-256': digest }),
      await post(receiver.url, { 'X-Service-Signature-256': `sha1=${digest}` }),
      await post(receiver.url, { 'X-Service-Signature-256': `sha256=${digest.slice(2)}` }),
    ];

    expect(statuses).toEqual([400, 400, 400, 400]);
    expect(receiver.deliveries.map((delivery) => delivery.verdict)).toEqual([
      'missing',
      'malformed',
      'malformed',
      'malformed',
    ]);
  });

  it('accepts a list of signatures, one per secret during a rotation, when any entry is its own', async () => {
    receiver = await startWebhookReceiver({ secret });
    const mine = sign(secret, rawBody);
    const other = sign('whsec_other', rawBody);

    const statuses = [
      await post(receiver.url, { 'X-Service-Signature-256': `${other},${mine}` }),
      await post(receiver.url, { 'X-Service-Signature-256': `${mine}, ${other}` }),
      await post(receiver.url, { 'X-Service-Signature-256': `${other},${sign('whsec_third', rawBody)}` }),
      await post(receiver.url, { 'X-Service-Signature-256': `${mine},${other.slice('sha256='.length)}` }),
      await post(receiver.url, { 'X-Service-Signature-256': `${mine},` }),
    ];

    expect(statuses).toEqual([200, 200, 403, 400, 400]);
    const [first] = receiver.deliveries;
    expect([signedWith(first!, secret), signedWith(first!, 'whsec_other'), signedWith(first!, 'x')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(signedWith(receiver.deliveries[3]!, secret)).toBe(false);
  });

  it('looks the secret up by hook id, and treats an unknown hook as a mismatch', async () => {
    const secrets = new Map([['wh_1', secret]]);
    receiver = await startWebhookReceiver({ secret: (hookId) => secrets.get(hookId) });

    const known = await post(receiver.url, { 'X-Service-Signature-256': sign(secret, rawBody) });
    const unknown = await post(receiver.url, {
      'X-Service-Hook-ID': 'wh_2',
      'X-Service-Signature-256': sign(secret, rawBody),
    });

    expect([known, unknown]).toEqual([200, 403]);
  });

  it('lets respond choose the status and delay of a correctly signed delivery', async () => {
    const answers = [202, { status: 503, delayMs: 80 }];
    receiver = await startWebhookReceiver({ secret, respond: () => answers.shift() ?? 200 });
    const headers = { 'X-Service-Signature-256': sign(secret, rawBody) };

    const accepted = await post(receiver.url, headers);
    const startedAt = Date.now();
    const unavailable = await post(receiver.url, headers);

    expect(accepted).toBe(202);
    expect(unavailable).toBe(503);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(75);
    expect(receiver.deliveries.map((delivery) => delivery.status)).toEqual([202, 503]);
  });

  it('without a secret, accepts a well-formed header but does not claim it valid', async () => {
    receiver = await startWebhookReceiver();

    const status = await post(receiver.url, { 'X-Service-Signature-256': sign('whsec_anything', rawBody) });

    expect(status).toBe(200);
    expect(receiver.deliveries[0]).toMatchObject({ verdict: 'ok', signatureValid: false });
  });

  it('waitFor rejects when too few deliveries arrive in time', async () => {
    receiver = await startWebhookReceiver({ secret });

    await expect(receiver.waitFor(1, 50)).rejects.toThrow('0 of 1 deliveries');
  });
});
