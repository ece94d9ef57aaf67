import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@governance/platform';
import { type FastifyRequest } from 'fastify';

export const ADMIN_TOKEN = Symbol('ADMIN_TOKEN');

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time (digests hide the length too). */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(ADMIN_TOKEN) adminToken: string) {
    this.expected = digest(adminToken);
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization ?? '';
    const match = /^Bearer (\S+)$/i.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]!), this.expected)) {
      throw ApiError.unauthorized('The admin API needs Authorization: Bearer <ADMIN_TOKEN>');
    }
    return true;
  }
}
