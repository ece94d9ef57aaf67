import { createHmac } from 'node:crypto';
import { signPayload, verifySignature } from './signature';

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

describe('verifySignature', () => {
  const secret = 'whsec_s3cret';
  const body = Buffer.from('{"event":"drift.detected"}');
  const good = signPayload(secret, body);

  it('accepts the signature the sender produced', () => {
    expect(verifySignature(secret, body, good)).toBe('ok');
  });

  it.each([undefined, ''])('reports a missing header (%p)', (header) => {
    expect(verifySignature(secret, body, header)).toBe('missing');
  });

  it.each([
    ['no prefix', good.slice('sha256='.length)],
    ['other algorithm', good.replace('sha256=', 'sha1=')],
    ['short digest', good.slice(0, -2)],
    ['long digest', `${good}00`],
    ['non-hex digest', `sha256=${'z'.repeat(64)}`],
    ['uppercase hex', `sha256=${good.slice('sha256='.length).toUpperCase()}`],
    ['prefix only', 'sha256='],
  ])('reports a malformed header: %s', (_case, header) => {
    expect(verifySignature(secret, body, header)).toBe('malformed');
  });

  it('reports a mismatch for another secret, another body, or a single changed byte', () => {
    expect(verifySignature('whsec_other', body, good)).toBe('mismatch');
    expect(verifySignature(secret, Buffer.from('{"event":"drift.detected" }'), good)).toBe('mismatch');
    const flipped = good.slice(0, -1) + (good.endsWith('0') ? '1' : '0');
    expect(verifySignature(secret, body, flipped)).toBe('mismatch');
  });
});
