import { Writable } from 'node:stream';
import { censorNestedSecrets, createLogger } from './logger';

/** A logger at `debug` whose lines come back parsed. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('test', 'debug', destination), lines };
}

describe('logger', () => {
  it('censors credentials at the top level of a line', () => {
    const { logger, lines } = capturedLogger();
    logger.info(
      { authorization: 'Bearer a', api_key: 'sk_b', signing_secret: 'whsec_c', secret: 'd', id: 1 },
      'x',
    );
    expect(lines[0]).toMatchObject({
      authorization: '[redacted]',
      api_key: '[redacted]',
      signing_secret: '[redacted]',
      secret: '[redacted]',
      id: 1,
    });
  });

  it('censors them one level down, and headers, without touching the caller objects', () => {
    const { logger, lines } = capturedLogger();
    const webhook = { id: 'webhook_1', secret: 'whsec_c', signing_secret: 'whsec_d' };
    const caller = { authorization: 'Bearer a', api_key: 'sk_b', name: 'acme' };
    const req = { method: 'GET', headers: { authorization: 'Bearer e', cookie: 'session=f', accept: '*/*' } };
    logger.info({ webhook, caller, req, headers: { cookie: 'session=g' }, list: [{ secret: 'h' }] }, 'x');
    const text = JSON.stringify(lines[0]);
    for (const secret of ['whsec_c', 'whsec_d', 'Bearer a', 'sk_b', 'Bearer e', 'session=f', 'session=g'])
      expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      webhook: { id: 'webhook_1', secret: '[redacted]', signing_secret: '[redacted]' },
      caller: { authorization: '[redacted]', api_key: '[redacted]', name: 'acme' },
      req: { method: 'GET', headers: { authorization: '[redacted]', cookie: '[redacted]', accept: '*/*' } },
    });
    expect(webhook.secret).toBe('whsec_c');
    expect(caller.authorization).toBe('Bearer a');
    expect(req.headers.authorization).toBe('Bearer e');
  });

  it('keeps an error with a credential on it an error: its message and stack are written', () => {
    const { logger, lines } = capturedLogger();
    const err = Object.assign(new Error('refused'), { authorization: 'Bearer a' });
    logger.error({ err }, 'x');
    expect(lines[0]?.err).toMatchObject({ type: 'Error', message: 'refused', authorization: '[redacted]' });
    expect((lines[0]?.err as { stack: string }).stack).toContain('refused');
    expect(err.authorization).toBe('Bearer a');
  });

  it('hands a line without credentials on as it is', () => {
    const line = { delivery_id: 'd', outcome: 'succeeded', nested: { id: 1 }, none: null };
    expect(censorNestedSecrets(line)).toBe(line);
  });
});
