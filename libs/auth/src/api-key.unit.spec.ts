import { issueApiKey, issueCredential, parseCredential, secretMatches, sha256Hex } from './api-key';

const parseApiKey = (token: string) => parseCredential('apiKey', token);

describe('API keys', () => {
  it('issues a key whose id part finds it and whose secret matches only its digest', () => {
    const issued = issueApiKey();
    expect(issued.apiKey).toMatch(/^sk_[0-9A-HJKMNP-TV-Z]{26}_[A-Za-z0-9_-]{43}$/);
    expect(issued.keyId).toMatch(/^key_/);
    const parsed = parseApiKey(issued.apiKey)!;
    expect(parsed.id).toBe(issued.keyId);
    expect(sha256Hex(parsed.secret)).toBe(issued.secretSha256);
    expect(secretMatches(parsed.secret, issued.secretSha256)).toBe(true);
    expect(secretMatches(`${parsed.secret.slice(0, -1)}x`, issued.secretSha256)).toBe(false);
    expect(issued.apiKey).not.toContain(issued.secretSha256);
  });

  it('rejects anything not shaped like a key', () => {
    const { apiKey } = issueApiKey();
    for (const candidate of [
      '',
      'sk_',
      apiKey.slice(0, -1),
      `${apiKey}x`,
      apiKey.replace('sk_', 'pk_'),
      ` ${apiKey}`,
    ]) {
      expect(parseApiKey(candidate)).toBeUndefined();
    }
  });

  it('issues session tokens that parse only as sessions', () => {
    const session = issueCredential('session');
    expect(session.token).toMatch(/^ses_[0-9A-HJKMNP-TV-Z]{26}_[A-Za-z0-9_-]{43}$/);
    expect(parseCredential('session', session.token)?.id).toBe(session.id);
    expect(session.id).toMatch(/^ses_/);
    expect(parseCredential('apiKey', session.token)).toBeUndefined();
    expect(parseCredential('session', issueApiKey().apiKey)).toBeUndefined();
  });

  it('never matches a digest of the wrong length', () => {
    expect(secretMatches('anything', 'abcd')).toBe(false);
  });
});
