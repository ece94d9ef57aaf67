import { type Credential } from './tenant-directory.repository';

export interface CredentialCacheOptions {
  /** How long a found credential is trusted without asking the database again. */
  ttlMs: number;
  /** Most keys remembered; the oldest entry goes first when full. */
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  credential: Credential;
  expiresAt: number;
}

/**
 * Remembers found credentials for a few seconds, so a warm key costs no query; concurrent lookups share
 * one. Only found ones are kept and the secret is compared on every request, so no miss or wrong secret is
 * answered from here. The short TTL bounds how long a plan change takes to show.
 */
export class CredentialCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Credential | undefined>>();
  private readonly now: () => number;

  constructor(private readonly options: CredentialCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  lookup(
    keyId: string,
    load: (keyId: string) => Promise<Credential | undefined>,
  ): Promise<Credential | undefined> {
    const entry = this.entries.get(keyId);
    if (entry) {
      if (entry.expiresAt > this.now()) return Promise.resolve(entry.credential);
      this.entries.delete(keyId);
    }
    let pending = this.loading.get(keyId);
    if (!pending) {
      pending = load(keyId)
        .then((credential) => {
          if (credential) this.remember(keyId, credential);
          return credential;
        })
        .finally(() => this.loading.delete(keyId));
      this.loading.set(keyId, pending);
    }
    return pending;
  }

  /** Forgets an organization's keys, after a change to it (its plan) was stored. */
  forgetOrganization(organizationId: string): void {
    for (const [keyId, entry] of this.entries)
      if (entry.credential.organizationId === organizationId) this.entries.delete(keyId);
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(keyId: string, credential: Credential): void {
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
