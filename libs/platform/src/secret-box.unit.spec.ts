import { randomBytes } from 'node:crypto';
import { decodeSecretsKey, SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips a secret bound to its webhook, never storing it in clear', () => {
    const sealed = box.seal('whsec_abc', 'wh_1');
    expect(sealed).not.toContain('whsec_abc');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed, 'wh_1')).toBe('whsec_abc');
  });

  it('uses a fresh nonce each time', () => {
    expect(box.seal('same', 'wh_1')).not.toBe(box.seal('same', 'wh_1'));
  });

  it('refuses a ciphertext moved to another webhook, altered, or sealed under another key', () => {
    const sealed = box.seal('whsec_abc', 'wh_1');
    expect(() => box.open(sealed, 'wh_2')).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered, 'wh_1')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'wh_1')).toThrow();
    expect(() => box.open('garbage', 'wh_1')).toThrow('unrecognised sealed secret');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow();
  });
});

describe('decodeSecretsKey', () => {
  const key = randomBytes(32);

  it('reads 32 bytes as 64 hex digits or as base64', () => {
    expect(decodeSecretsKey(key.toString('hex'))).toEqual(key);
    expect(decodeSecretsKey(key.toString('hex').toUpperCase())).toEqual(key);
    expect(decodeSecretsKey(key.toString('base64'))).toEqual(key);
  });

  it('refuses an unset key or one of another length', () => {
    expect(decodeSecretsKey(undefined)).toBeUndefined();
    expect(decodeSecretsKey('')).toBeUndefined();
    expect(decodeSecretsKey(randomBytes(16).toString('base64'))).toBeUndefined();
    expect(decodeSecretsKey('ab'.repeat(31))).toBeUndefined();
  });
});
