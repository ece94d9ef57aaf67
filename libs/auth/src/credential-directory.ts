import { type KeyScope, type Plan, type Role } from '@governance/contracts';

export interface KeyCredential {
  organizationId: string;
  plan: Plan;
  scope: KeyScope;
  secretSha256: string;
}

export interface SessionCredential {
  userId: string;
  secretSha256: string;
  /** A session started through an organization's SSO acts in that organization only. */
  boundOrganizationId?: string;
}

export interface Membership {
  organizationId: string;
  plan: Plan;
  role: Role;
}

/**
 * Where the guard finds credentials: each service's replica of identity events, or, in the identity service
 * itself, its own tables. A lookup returns nothing for a revoked key or an ended session.
 */
export abstract class CredentialDirectory {
  abstract findApiKey(keyId: string): Promise<KeyCredential | undefined>;
  abstract findSession(sessionId: string): Promise<SessionCredential | undefined>;
  /** A person's memberships; when `including` is given and missing, the directory makes sure it is current. */
  abstract findMemberships(userId: string, including?: string): Promise<Membership[]>;
}
