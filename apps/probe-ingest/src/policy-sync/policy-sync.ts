import { createHash } from 'node:crypto';
import { type SyncedPolicy } from './policy-sync.dto';

/**
 * The version of a probe's policy set: a digest of its system and every (policy, version) in it. A
 * policy that changes gets a new version; one disabled or moved out of scope leaves the set; either way
 * the digest changes, with no counter to keep.
 */
export function policySetVersion(
  systemId: string,
  policies: ReadonlyArray<Pick<SyncedPolicy, 'policy_id' | 'version'>>,
): string {
  const members = policies.map((policy) => `${policy.policy_id}@${policy.version}`).sort();
  return createHash('sha256')
    .update(JSON.stringify([systemId, members]))
    .digest('hex')
    .slice(0, 32);
}

/**
 * Whether If-None-Match names the current representation (RFC 9110 §13.1.2: `*`, or any listed tag by
 * weak comparison, so `W/"v"` matches `"v"`).
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
