import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiError } from '@governance/platform';
import { type AuthenticatedOrganization, type AuthenticatedRequest } from './api-key.guard';

/** The organization ApiKeyGuard authenticated; every tenant-scoped query takes its id. */
export const CurrentOrganization = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedOrganization => {
    const organization = context.switchToHttp().getRequest<AuthenticatedRequest>().organization;
    if (!organization) throw ApiError.unauthorized('A valid API key is required');
    return organization;
  },
);
