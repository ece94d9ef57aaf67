import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ApiError } from './errors';
import { type FastifyRequest } from 'fastify';

export const ADMIN_TOKEN = Symbol('ADMIN_TOKEN');

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time (digests hide the length too). With no
 * token configured (a service that does not require one), every request is refused.
 */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expected: Buffer | undefined;

  constructor(@Inject(ADMIN_TOKEN) adminToken: string | undefined) {
    this.expected = adminToken ? digest(adminToken) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization ?? '';
    const match = /^Bearer (\S+)$/i.exec(header);
    if (!this.expected || !match || !timingSafeEqual(digest(match[1]!), this.expected)) {
      throw ApiError.unauthorized('The admin API needs Authorization: Bearer <ADMIN_TOKEN>');
    }
    return true;
  }
}
