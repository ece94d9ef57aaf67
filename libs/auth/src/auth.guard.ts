import {
  type CanActivate,
  type ExecutionContext,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Plan } from '@governance/contracts';
import { ApiError, ErrorCode, requestContextOf } from '@governance/platform';
import { parse as parseCookies } from 'cookie';
import { chooseMembership, csrfProblem } from './access';
import { parseCredential, secretMatches } from './api-key';
import { cacheKeys, CredentialCache } from './credential-cache';
import { CredentialDirectory } from './credential-directory';
import { KeyUsage } from './key-usage';
import { type Permission, roleAllows, scopeAllows } from './permissions';
import {
  type AuthenticatedRequest,
  CSRF_HEADER,
  ORGANIZATION_HEADER,
  PERMISSION_METADATA,
  type Person,
  type Principal,
  SESSION_COOKIE,
  SIGNED_IN_METADATA,
} from './principal';

export const ALLOWED_ORIGINS = Symbol('ALLOWED_ORIGINS');
/** The name of the cookie a request's X-Service-CSRF must repeat (see csrfCookieName). */
export const CSRF_COOKIE_NAME = Symbol('CSRF_COOKIE_NAME');

const REQUIRED_PLANS = 'auth:required-plans';
/** Restricts a controller or route to organizations on one of `plans`; others get 403. */
export const RequirePlans = (plans: readonly Plan[], feature: string) =>
  SetMetadata(REQUIRED_PLANS, { plans, feature });

// Built only on refusal: an error captures a stack trace, a measurable cost on every accepted request.
const unauthenticated = (): ApiError =>
  ApiError.unauthorized('A valid API key (Authorization: Bearer <API_KEY>) or session (sign in) is required');

/**
 * Every route's one check: who is calling (an API key, or a person's session cookie), in which
 * organization, and whether their key scope or role holds the route's permission. Credentials are looked
 * up in this service's directory; what identity just issued is found there at once.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly directory: CredentialDirectory,
    private readonly credentials: CredentialCache,
    private readonly usage: KeyUsage,
    @Inject(ALLOWED_ORIGINS) private readonly allowedOrigins: readonly string[],
    @Inject(CSRF_COOKIE_NAME) private readonly csrfCookie: string,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(PERMISSION_METADATA, targets);
    const signedIn = this.reflector.getAllAndOverride<boolean | undefined>(SIGNED_IN_METADATA, targets);
    // A route that forgot to declare what it needs is closed, not open.
    if (!permission && !signedIn) throw new Error(`${request.method} ${request.url} declares no permission`);

    const bearer = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    let principal: Principal;
    if (bearer !== undefined) {
      if (signedIn)
        throw ApiError.unauthorized('This is about a signed-in person: it needs a session, not a key');
      principal = await this.keyPrincipal(bearer);
    } else {
      const person = await this.person(request);
      if (signedIn) {
        request.person = person;
        this.noteActor(request, { type: 'user', id: person.userId });
        return true;
      }
      principal = await this.memberPrincipal(person, request.headers[ORGANIZATION_HEADER]);
      request.person = person;
    }
    this.authorize(principal, permission!);
    this.checkPlan(principal.plan, targets);
    request.principal = principal;
    request.organization = { id: principal.organizationId, plan: principal.plan };
    this.noteActor(request, principal.actor);
    return true;
  }

  private async keyPrincipal(token: string): Promise<Principal> {
    const parsed = parseCredential('apiKey', token);
    if (!parsed) throw unauthenticated();
    const key = await this.credentials.lookup(cacheKeys.apiKey(parsed.id), () =>
      this.directory.findApiKey(parsed.id),
    );
    if (!key || !secretMatches(parsed.secret, key.secretSha256)) throw unauthenticated();
    this.usage.noteUsed(parsed.id, key.organizationId);
    return {
      organizationId: key.organizationId,
      plan: key.plan,
      actor: { type: 'api_key', id: parsed.id, scope: key.scope },
    };
  }

  private async person(request: AuthenticatedRequest): Promise<Person> {
    const cookies = request.headers.cookie ? parseCookies(request.headers.cookie) : {};
    const parsed = parseCredential('session', cookies[SESSION_COOKIE] ?? '');
    if (!parsed) throw unauthenticated();
    const session = await this.credentials.lookup(cacheKeys.session(parsed.id), () =>
      this.directory.findSession(parsed.id),
    );
    if (!session || !secretMatches(parsed.secret, session.secretSha256)) throw unauthenticated();
    const forged = csrfProblem({
      method: request.method,
      origin: request.headers.origin,
      host: request.host,
      allowedOrigins: this.allowedOrigins,
      cookieToken: cookies[this.csrfCookie],
      headerToken: header(request.headers[CSRF_HEADER]),
    });
    if (forged) throw new ApiError(HttpStatus.FORBIDDEN, ErrorCode.CsrfRejected, forged);
    return {
      userId: session.userId,
      sessionId: parsed.id,
      ...(session.boundOrganizationId ? { boundOrganizationId: session.boundOrganizationId } : {}),
    };
  }

  private async memberPrincipal(
    person: Person,
    requested: string | string[] | undefined,
  ): Promise<Principal> {
    const memberships = await this.credentials.lookup(cacheKeys.memberships(person.userId), async () => {
      const found = await this.directory.findMemberships(person.userId);
      return found.length > 0 ? found : undefined;
    });
    const organization = header(requested);
    const bound = person.boundOrganizationId;
    let choice = chooseMembership(memberships ?? [], organization, bound);
    // Not in the cached list: perhaps a membership newer than the cache, or than the replica.
    const wanted = bound ?? organization;
    if ('problem' in choice && choice.problem !== 'bound_elsewhere' && memberships && wanted !== undefined) {
      this.credentials.forget(cacheKeys.memberships(person.userId));
      choice = chooseMembership(
        await this.directory.findMemberships(person.userId, wanted),
        organization,
        bound,
      );
    }
    if ('problem' in choice) throw membershipRefusal(choice.problem, organization);
    const { membership } = choice;
    return {
      organizationId: membership.organizationId,
      plan: membership.plan,
      actor: { type: 'user', id: person.userId, sessionId: person.sessionId, role: membership.role },
    };
  }

  private authorize(principal: Principal, permission: Permission): void {
    const { actor } = principal;
    const allowed =
      actor.type === 'user' ? roleAllows(actor.role, permission) : scopeAllows(actor.scope, permission);
    if (allowed) return;
    const who = actor.type === 'user' ? `The ${actor.role} role` : `A ${actor.scope} API key`;
    throw new ApiError(
      HttpStatus.FORBIDDEN,
      ErrorCode.Forbidden,
      `${who} does not allow this (${permission})`,
      {
        permission,
        ...(actor.type === 'user' ? { role: actor.role } : { scope: actor.scope }),
      },
    );
  }

  private checkPlan(plan: Plan, targets: Parameters<Reflector['getAllAndOverride']>[1]): void {
    const required = this.reflector.getAllAndOverride<
      { plans: readonly Plan[]; feature: string } | undefined
    >(REQUIRED_PLANS, targets);
    if (required && !required.plans.includes(plan)) {
      throw new ApiError(
        HttpStatus.FORBIDDEN,
        ErrorCode.PlanNotEligible,
        `${required.feature} are available on the ${required.plans.join(', ')} plans; this organization is on the ${plan} plan`,
        { plan, eligible_plans: required.plans },
      );
    }
  }

  private noteActor(request: AuthenticatedRequest, actor: { type: 'user' | 'api_key'; id: string }): void {
    const context = requestContextOf(request);
    if (context) context.actor = { type: actor.type, id: actor.id };
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function membershipRefusal(
  problem: 'not_a_member' | 'no_membership' | 'choose_organization' | 'bound_elsewhere',
  organization: string | undefined,
): ApiError {
  switch (problem) {
    case 'bound_elsewhere':
      return new ApiError(
        HttpStatus.FORBIDDEN,
        ErrorCode.Forbidden,
        `This session was started through another organization's SSO and acts only there; sign in again to act in ${organization ?? 'this organization'}`,
      );
    case 'not_a_member':
      return new ApiError(
        HttpStatus.FORBIDDEN,
        ErrorCode.Forbidden,
        `You are not a member of ${organization ?? 'this organization'}`,
      );
    case 'no_membership':
      return new ApiError(
        HttpStatus.FORBIDDEN,
        ErrorCode.Forbidden,
        'You are not a member of any organization',
      );
    case 'choose_organization':
      return new ApiError(
        HttpStatus.BAD_REQUEST,
        ErrorCode.OrganizationRequired,
        'You belong to several organizations: name one in the X-Service-Organization header',
      );
  }
}
