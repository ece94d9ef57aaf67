import { timingSafeEqual } from 'node:crypto';
import { type Membership } from './credential-directory';

export type MembershipChoice =
  | { membership: Membership }
  | { problem: 'not_a_member' | 'no_membership' | 'choose_organization' | 'bound_elsewhere' };

/**
 * The organization a person acts in: the one named in X-Service-Organization, or their only one. A person
 * in several must name it, rather than act somewhere by accident. A session bound to an organization (an
 * SSO sign-in) acts there only, whatever else the person belongs to: that organization's provider vouched
 * for the person, no other organization's did.
 */
export function chooseMembership(
  memberships: readonly Membership[],
  requested?: string,
  boundTo?: string,
): MembershipChoice {
  if (boundTo !== undefined) {
    if (requested !== undefined && requested !== boundTo) return { problem: 'bound_elsewhere' };
    const membership = memberships.find((m) => m.organizationId === boundTo);
    return membership
      ? { membership }
      : { problem: requested === undefined ? 'no_membership' : 'not_a_member' };
  }
  if (requested !== undefined) {
    const membership = memberships.find((m) => m.organizationId === requested);
    return membership ? { membership } : { problem: 'not_a_member' };
  }
  if (memberships.length === 1) return { membership: memberships[0]! };
  return { problem: memberships.length === 0 ? 'no_membership' : 'choose_organization' };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfInput {
  method: string;
  /** The Origin header, which browsers send on every request that can change state. */
  origin: string | undefined;
  /** The host the request was sent to (Host, or X-Forwarded-Host behind the edge proxy). */
  host: string | undefined;
  /** Origins allowed besides the request's own host (PUBLIC_URL's). */
  allowedOrigins: readonly string[];
  cookieToken: string | undefined;
  headerToken: string | undefined;
}

/**
 * Why a cookie-authenticated request must be refused as a possible cross-site forgery, if it must: an
 * unsafe method needs an Origin of the console's own site and the double-submitted CSRF token, which a
 * page of another site can neither read nor set.
 */
export function csrfProblem(input: CsrfInput): string | undefined {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return undefined;
  if (!input.origin) return 'A request that changes state with a session needs an Origin header';
  if (!originAllowed(input.origin, input.host, input.allowedOrigins))
    return `Requests from ${input.origin} may not use this session`;
  if (!input.cookieToken || !input.headerToken || !sameToken(input.cookieToken, input.headerToken))
    return 'The X-Service-CSRF header must repeat the service_csrf cookie';
  return undefined;
}

function originAllowed(origin: string, host: string | undefined, allowed: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.includes(parsed.origin)) return true;
  if (host === undefined) return false;
  try {
    // Parsed the same way, so a default port (`:80` on http) compares equal to none.
    return parsed.host === new URL(`${parsed.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
