import { CredentialCache } from './credential-cache';
import { type KeyCredential as Credential } from './credential-directory';

const credential = (organizationId: string): Credential => ({
  organizationId,
  plan: 'professional',
  scope: 'full',
  secretSha256: 'ab'.repeat(32),
});

function loader(found: Record<string, Credential | undefined>) {
  const calls: string[] = [];
  const load = (keyId: string): Promise<Credential | undefined> => {
    calls.push(keyId);
    return Promise.resolve(found[keyId]);
  };
  return { calls, load };
}

describe('CredentialCache', () => {
  it('answers a found key from memory until its TTL ends', async () => {
    let now = 1_000;
    const cache = new CredentialCache<Credential>({ ttlMs: 10_000, maxEntries: 10, now: () => now });
    const { calls, load } = loader({ key_a: credential('org_a') });
    expect(await cache.lookup('key_a', load)).toEqual(credential('org_a'));
    expect(await cache.lookup('key_a', load)).toEqual(credential('org_a'));
    expect(calls).toEqual(['key_a']);
    now += 10_000;
    await cache.lookup('key_a', load);
    expect(calls).toEqual(['key_a', 'key_a']);
  });

  it('never remembers a miss: an unknown key asks the loader every time', async () => {
    const cache = new CredentialCache<Credential>({ ttlMs: 10_000, maxEntries: 10 });
    const { calls, load } = loader({});
    expect(await cache.lookup('key_x', load)).toBeUndefined();
    expect(await cache.lookup('key_x', load)).toBeUndefined();
    expect(calls).toEqual(['key_x', 'key_x']);
    expect(cache.size).toBe(0);
  });

  it('learns a key that appears after a miss', async () => {
    const cache = new CredentialCache<Credential>({ ttlMs: 10_000, maxEntries: 10 });
    const found: Record<string, Credential | undefined> = {};
    const { load } = loader(found);
    expect(await cache.lookup('key_a', load)).toBeUndefined();
    found.key_a = credential('org_a');
    expect(await cache.lookup('key_a', load)).toEqual(credential('org_a'));
  });

  it('shares one load between concurrent lookups of a key', async () => {
    const cache = new CredentialCache<Credential>({ ttlMs: 10_000, maxEntries: 10 });
    const { calls, load } = loader({ key_a: credential('org_a') });
    const results = await Promise.all([1, 2, 3].map(() => cache.lookup('key_a', load)));
    expect(results).toEqual([credential('org_a'), credential('org_a'), credential('org_a')]);
    expect(calls).toEqual(['key_a']);
  });

  it('does not remember a failed load', async () => {
    const cache = new CredentialCache<Credential>({ ttlMs: 10_000, maxEntries: 10 });
    await expect(cache.lookup('key_a', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    const { calls, load } = loader({ key_a: credential('org_a') });
    expect(await cache.lookup('key_a', load)).toEqual(credential('org_a'));
    expect(calls).toEqual(['key_a']);
  });

  it('stays within its bound, dropping the oldest entry first', async () => {
    const cache = new CredentialCache<Credential>({ ttlMs: 10_000, maxEntries: 2 });
    const { calls, load } = loader({ k1: credential('o1'), k2: credential('o2'), k3: credential('o3') });
    for (const key of ['k1', 'k2', 'k3']) await cache.lookup(key, load);
    expect(cache.size).toBe(2);
    await cache.lookup('k2', load);
    await cache.lookup('k3', load);
    await cache.lookup('k1', load);
    expect(calls).toEqual(['k1', 'k2', 'k3', 'k1']);
  });

  it('forgets one entry, and keeps nothing a load in flight during the forget found', async () => {
    const cache = new CredentialCache<Credential>({ ttlMs: 10_000, maxEntries: 10 });
    const { calls, load } = loader({ k1: credential('o1') });
    await cache.lookup('k1', load);
    cache.forget('k1');
    await cache.lookup('k1', load);
    expect(calls).toEqual(['k1', 'k1']);
    let release!: () => void;
    const slow = (): Promise<Credential | undefined> =>
      new Promise((resolve) => (release = () => resolve(credential('o1'))));
    cache.forget('k1');
    const inFlight = cache.lookup('k1', slow);
    cache.forget('k1');
    release();
    expect(await inFlight).toEqual(credential('o1'));
    expect(cache.size).toBe(0);
  });

  it('forgets an organization on demand', async () => {
    const cache = new CredentialCache<Credential>({ ttlMs: 10_000, maxEntries: 10 });
    const { calls, load } = loader({ k1: credential('o1'), k2: credential('o2') });
    await cache.lookup('k1', load);
    await cache.lookup('k2', load);
    cache.forgetWhere((found) => found.organizationId === 'o1');
    await cache.lookup('k1', load);
    await cache.lookup('k2', load);
    expect(calls).toEqual(['k1', 'k2', 'k1']);
  });
});
