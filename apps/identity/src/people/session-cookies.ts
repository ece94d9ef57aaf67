import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE, SESSION_COOKIE } from '@governance/auth';
import { serialize } from 'cookie';
import { type FastifyReply } from 'fastify';
import { type IdentityConfig } from '../config';

/**
 * Signs a person in on this browser: the session cookie (httpOnly, so scripts never read it) and a fresh CSRF
 * token in a cookie the console reads and repeats in `X-Service-CSRF` on every unsafe request. Both live for
 * the browser session; identity ends idle sessions on its side.
 */
export function setSessionCookies(
  reply: FastifyReply,
  sessionToken: string,
  config: Pick<IdentityConfig, 'secureCookies'>,
): void {
  const options = { path: '/', sameSite: 'lax', secure: config.secureCookies } as const;
  // An answer that carries a credential is never stored by a cache.
  void reply
    .header('set-cookie', [
      serialize(SESSION_COOKIE, sessionToken, { ...options, httpOnly: true }),
      serialize(CSRF_COOKIE, randomBytes(32).toString('base64url'), options),
    ])
    .header('cache-control', 'no-store');
}
