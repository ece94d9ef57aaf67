import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiError } from '@governance/platform';
import { type AuthenticatedRequest } from './principal';

/** The id of the organization the AuthGuard authenticated; every tenant-scoped query takes it. */
export const OrganizationId = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const organization = context.switchToHttp().getRequest<AuthenticatedRequest>().organization;
  if (!organization) throw ApiError.unauthorized('A valid API key or session is required');
  return organization.id;
});
