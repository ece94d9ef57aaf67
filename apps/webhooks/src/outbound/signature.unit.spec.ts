import { createHmac } from 'node:crypto';
import { signatureHeader, signPayload } from './signature';

describe('signPayload', () => {
  it('matches the RFC 4231 HMAC-SHA256 test vector, as lowercase hex with the sha256= prefix', () => {
    expect(signPayload('Jefe', 'what do ya want for nothing?')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('keys the HMAC with the whole secret, whsec_ prefix included', () => {
    const body = Buffer.from('{"event":"finding.created"}');
    const withPrefix = createHmac('sha256', 'whsec_abc123').update(body).digest('hex');
    const withoutPrefix = createHmac('sha256', 'abc123').update(body).digest('hex');

    expect(signPayload('whsec_abc123', body)).toBe(`sha256=${withPrefix}`);
    expect(signPayload('whsec_abc123', body)).not.toBe(`sha256=${withoutPrefix}`);
  });

  it('signs the exact bytes: a string and the same UTF-8 buffer give the same digest, a re-serialised body does not', () => {
    const text = '{"system_name":"Scoring – ü","score":0.5}';
    expect(signPayload('whsec_x', text)).toBe(signPayload('whsec_x', Buffer.from(text, 'utf8')));
    expect(signPayload('whsec_x', text)).not.toBe(
      signPayload('whsec_x', JSON.stringify(JSON.parse(text) as unknown, null, 2)),
    );
  });

  it('encodes a non-ASCII secret as UTF-8', () => {
    const expected = createHmac('sha256', Buffer.from('whsec_ключ', 'utf8')).update('x').digest('hex');
    expect(signPayload('whsec_ключ', 'x')).toBe(`sha256=${expected}`);
  });
});

describe('signatureHeader', () => {
  const body = Buffer.from('{"event":"drift.detected"}');

  it("is the spec's single sha256=<hex> with one secret", () => {
    expect(signatureHeader(['whsec_new'], body)).toBe(signPayload('whsec_new', body));
    expect(signatureHeader(['whsec_new'], body)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('lists one comma-separated sha256= entry per secret, the current one first', () => {
    expect(signatureHeader(['whsec_new', 'whsec_old'], body)).toBe(
      `${signPayload('whsec_new', body)},${signPayload('whsec_old', body)}`,
    );
  });
});
