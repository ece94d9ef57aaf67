import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE, SESSION_COOKIE } from '@governance/auth';
import { stringifySetCookie } from 'cookie';
import { type FastifyReply } from 'fastify';
import { type IdentityConfig } from '../config';

/**
 * The `Set-Cookie` values that sign a person in. The session cookie is httpOnly: no script reads it. The
 * CSRF cookie is readable on purpose, so the console can repeat it in `X-Service-CSRF`, which a page on
 * another site cannot do. Both are session cookies (no Max-Age): the server ends a session after
 * inactivity, the browser when it closes. SameSite=Lax still sends them on the top-level navigation back
 * from an identity provider.
 */
export function sessionCookies(sessionToken: string, secure: boolean): string[] {
  const attributes = { path: '/', sameSite: 'lax', secure } as const;
  return [
    stringifySetCookie({ name: SESSION_COOKIE, value: sessionToken, ...attributes, httpOnly: true }),
    stringifySetCookie({ name: CSRF_COOKIE, value: randomBytes(32).toString('base64url'), ...attributes }),
  ];
}

/** Signs a person in on this browser with an answer no cache stores, since it carries a credential. */
export function setSessionCookies(
  reply: FastifyReply,
  sessionToken: string,
  config: Pick<IdentityConfig, 'secureCookies'>,
): void {
  void reply
    .header('set-cookie', sessionCookies(sessionToken, config.secureCookies))
    .header('cache-control', 'no-store');
}
