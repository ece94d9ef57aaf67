export interface CredentialCacheOptions {
  /** How long a found credential is trusted without asking the database again. */
  ttlMs: number;
  /** Most keys remembered; the oldest entry goes first when full. */
  maxEntries: number;
  now?: () => number;
}

interface Entry<V> {
  credential: V;
  expiresAt: number;
}

/**
 * Remembers found credentials (keys, sessions, memberships) for a moment, so a warm one costs no query;
 * concurrent lookups share one. Only found ones are kept and secrets are compared on every request, so no
 * miss or wrong secret is answered from here. The TTL bounds how long a revocation takes to reach every
 * instance: the consumer forgets at once only in the instance that consumed the event.
 */
export class CredentialCache<V = unknown> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V | undefined>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: CredentialCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  lookup<T extends V>(
    keyId: string,
    load: (keyId: string) => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const entry = this.entries.get(keyId);
    if (entry) {
      if (entry.expiresAt > this.now()) return Promise.resolve(entry.credential as T);
      this.entries.delete(keyId);
    }
    let pending = this.loading.get(keyId) as Promise<T | undefined> | undefined;
    if (!pending) {
      const generation = this.generation;
      pending = load(keyId)
        .then((credential) => {
          // A forget during the load may have been about this very credential: answer, but keep nothing.
          if (credential && generation === this.generation) this.remember(keyId, credential);
          return credential;
        })
        .finally(() => this.loading.delete(keyId));
      this.loading.set(keyId, pending);
    }
    return pending;
  }

  /** Forgets one entry, after its credential was revoked or changed. */
  forget(keyId: string): void {
    this.generation += 1;
    this.entries.delete(keyId);
  }

  /** Forgets every entry `matches`, after a change they depend on (an organization's plan). */
  forgetWhere(matches: (credential: V) => boolean): void {
    this.generation += 1;
    for (const [keyId, entry] of this.entries) if (matches(entry.credential)) this.entries.delete(keyId);
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(keyId: string, credential: V): void {
    if (this.options.ttlMs <= 0 || this.options.maxEntries <= 0) return;
    this.entries.delete(keyId);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(keyId, { credential, expiresAt: this.now() + this.options.ttlMs });
  }
}

/** The guard's cache entries, which the replica consumer forgets by the same names. */
export const cacheKeys = {
  apiKey: (keyId: string) => `key:${keyId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  memberships: (userId: string) => `members:${userId}`,
};
