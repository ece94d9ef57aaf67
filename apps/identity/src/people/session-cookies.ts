import { randomBytes } from 'node:crypto';
import { csrfCookieName, SESSION_COOKIE } from '@governance/auth';
import { parseCookie, stringifySetCookie } from 'cookie';
import { type FastifyReply } from 'fastify';
import { type IdentityConfig } from '../config';

/**
 * The `Set-Cookie` values that sign a person in. The session cookie is httpOnly: no script reads it. The
 * CSRF cookie is readable on purpose, so the console can repeat it in `X-Service-CSRF`, which a page on
 * another site cannot do; when Secure it is `__Host-service_csrf`, which no other host can set. Both are session cookies (no Max-Age): the server ends a session after
 * inactivity, the browser when it closes. SameSite=Lax still sends them on the top-level navigation back
 * from an identity provider.
 */
export function sessionCookies(sessionToken: string, secure: boolean): string[] {
  return [
    stringifySetCookie({ name: SESSION_COOKIE, value: sessionToken, ...attributes(secure), httpOnly: true }),
    stringifySetCookie({
      name: csrfCookieName(secure),
      value: randomBytes(32).toString('base64url'),
      ...attributes(secure),
    }),
  ];
}

/** Both cookies, expired, with the same attributes: what signing out sets. */
export function clearedSessionCookies(secure: boolean): string[] {
  return [SESSION_COOKIE, csrfCookieName(secure)].map((name) =>
    stringifySetCookie({
      name,
      value: '',
      ...attributes(secure),
      httpOnly: name === SESSION_COOKIE,
      maxAge: 0,
      expires: new Date(0),
    }),
  );
}

/** The session token a request presents in its `Cookie` header, if any. */
export function presentedSessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  return parseCookie(cookieHeader)[SESSION_COOKIE] || undefined;
}

/** Signs a person in on this browser. */
export function setSessionCookies(
  reply: FastifyReply,
  sessionToken: string,
  config: Pick<IdentityConfig, 'secureCookies'>,
): void {
  setCookies(reply, sessionCookies(sessionToken, config.secureCookies));
}

/** Signs this browser out. */
export function clearSessionCookies(reply: FastifyReply, config: Pick<IdentityConfig, 'secureCookies'>) {
  setCookies(reply, clearedSessionCookies(config.secureCookies));
}

/** An answer that carries a credential is never stored by a cache. */
function setCookies(reply: FastifyReply, cookies: string[]): void {
  void reply.header('set-cookie', cookies).header('cache-control', 'no-store');
}

function attributes(secure: boolean) {
  return { path: '/', sameSite: 'lax', secure } as const;
}
