import { type CanActivate, type ExecutionContext, HttpStatus, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { INTERNAL_TOPICS, type Plan } from '@governance/contracts';
import { ReplicaCatchUp } from '@governance/messaging';
import { ApiError, ErrorCode } from '@governance/platform';
import { type FastifyRequest } from 'fastify';
import { parseCredential, secretMatches } from './api-key';
import { CredentialCache } from './credential-cache';
import { TenantDirectoryRepository } from './tenant-directory.repository';
import { TENANT_REPLICA_CONSUMER } from './tenant-replica.consumer';

export interface AuthenticatedOrganization {
  id: string;
  plan: Plan;
}

export type AuthenticatedRequest = FastifyRequest & { organization?: AuthenticatedOrganization };

const REQUIRED_PLANS = 'auth:required-plans';

/** Restricts a controller or route to organizations on one of `plans`; others get 403. */
export const RequirePlans = (plans: readonly Plan[], feature: string) =>
  SetMetadata(REQUIRED_PLANS, { plans, feature });

/**
 * `Authorization: Bearer <API key>`: the key is found by its id part and its secret's digest compared in
 * constant time; unknown, malformed and wrong keys get the same 401. A key the tenant replica does not
 * know yet is looked up again once the replica caught up with the bus, so a new key works at once.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly directory: TenantDirectoryRepository,
    private readonly reflector: Reflector,
    private readonly credentials: CredentialCache,
    private readonly catchUp: ReplicaCatchUp,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const organization = await this.authenticate(request.headers.authorization);
    request.organization = organization;
    const required = this.reflector.getAllAndOverride<
      { plans: readonly Plan[]; feature: string } | undefined
    >(REQUIRED_PLANS, [context.getHandler(), context.getClass()]);
    if (required && !required.plans.includes(organization.plan)) {
      throw new ApiError(
        HttpStatus.FORBIDDEN,
        ErrorCode.PlanNotEligible,
        `${required.feature} are available on the ${required.plans.join(', ')} plans; this organization is on the ${organization.plan} plan`,
        { plan: organization.plan, eligible_plans: required.plans },
      );
    }
    return true;
  }

  private async authenticate(header: string | undefined): Promise<AuthenticatedOrganization> {
    // Built only on refusal: an error captures a stack trace, a measurable cost on every accepted request.
    const invalid = (): ApiError =>
      ApiError.unauthorized('A valid API key is required: Authorization: Bearer <API_KEY>');
    const match = /^Bearer ([^\s]+)$/i.exec(header ?? '');
    const parsed = match ? parseCredential('apiKey', match[1]!) : undefined;
    if (!parsed) throw invalid();
    const credential = await this.credentials.lookup(parsed.id, (keyId) =>
      this.catchUp.find(TENANT_REPLICA_CONSUMER, INTERNAL_TOPICS.tenancy, () =>
        this.directory.findCredential(keyId),
      ),
    );
    if (!credential || !secretMatches(parsed.secret, credential.secretSha256)) throw invalid();
    return { id: credential.organizationId, plan: credential.plan };
  }
}
