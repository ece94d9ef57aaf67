import { HttpStatus } from '@nestjs/common';
import { ApiError, ErrorCode } from '@governance/platform';
import { type FastifyRequest } from 'fastify';
import { originAllowed } from './request-origin';

/** Refuses (403) an unguarded state-changing request sent by a page of another site. */
export function refuseForeignOrigin(request: FastifyRequest, publicUrl: string): void {
  const origin = request.headers.origin;
  if (!originAllowed(origin, publicUrl, request.host))
    throw new ApiError(
      HttpStatus.FORBIDDEN,
      ErrorCode.CsrfRejected,
      `Requests from ${origin ?? 'this origin'} may not do this`,
    );
}
