import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { type KeyScope, type Plan, type Role } from '@governance/contracts';
import { ApiError, ApiPermission } from '@governance/platform';
import { type FastifyRequest } from 'fastify';
import { type Permission } from './permissions';

/** The cookie that carries a person's session: `ses_<id body>_<secret>`. */
export const SESSION_COOKIE = 'service_session';
/** The non-httpOnly cookie whose value a cookie request repeats in X-Service-CSRF when it changes state. */
export const CSRF_COOKIE = 'service_csrf';
/**
 * The CSRF cookie's name where cookies are Secure: `__Host-` makes the browser refuse it from any other
 * host (a sibling subdomain) or from plain HTTP, so nobody else can plant the value a request repeats.
 */
export const csrfCookieName = (secure: boolean): string => (secure ? `__Host-${CSRF_COOKIE}` : CSRF_COOKIE);
export const CSRF_HEADER = 'x-service-csrf';
/** Names the organization a person acts in; may be left out by a person with one membership. */
export const ORGANIZATION_HEADER = 'x-service-organization';

/** A signed-in person, before any organization is chosen. */
export interface Person {
  userId: string;
  sessionId: string;
  /** Set when the session was started through this organization's SSO: it acts there only. */
  boundOrganizationId?: string;
}

/** Who a request acts as, in which organization: a member through a session, or an API key. */
export interface Principal {
  organizationId: string;
  plan: Plan;
  actor:
    | { type: 'user'; id: string; sessionId: string; role: Role }
    | { type: 'api_key'; id: string; scope: KeyScope };
}

export type AuthenticatedRequest = FastifyRequest & {
  principal?: Principal;
  person?: Person;
  organization?: { id: string; plan: Plan };
};

export const PERMISSION_METADATA = 'auth:permission';
export const SIGNED_IN_METADATA = 'auth:signed-in';

/** The one permission a route needs; the guard refuses (403) a role or key scope without it. */
export const RequirePermission = (permission: Permission) =>
  applyDecorators(SetMetadata(PERMISSION_METADATA, permission), ApiPermission(permission));

/** A route any signed-in person may call for themselves, in no particular organization (`/auth/me`). */
export const SignedIn = () =>
  applyDecorators(SetMetadata(SIGNED_IN_METADATA, true), ApiPermission(SIGNED_IN_PERMISSION));

/** How OpenAPI's `x-permission` marks a route any signed-in person may call for themselves. */
export const SIGNED_IN_PERMISSION = 'self';

export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw ApiError.unauthorized('A valid API key or session is required');
  return principal;
});

export const CurrentPerson = createParamDecorator((_: unknown, context: ExecutionContext): Person => {
  const person = context.switchToHttp().getRequest<AuthenticatedRequest>().person;
  if (!person) throw ApiError.unauthorized('Sign in first: this needs a session');
  return person;
});
