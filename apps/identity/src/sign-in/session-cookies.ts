import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE, SESSION_COOKIE } from '@governance/auth';
import { parse, serialize } from 'cookie';

/**
 * The session cookie is httpOnly: no script reads it. The CSRF cookie is readable on purpose, so the console
 * can repeat it in `X-Service-CSRF`, which a page on another site cannot do. Both are session cookies
 * (no Max-Age): the server ends a session after inactivity, the browser when it closes.
 */
export function sessionCookies(sessionToken: string, secure: boolean): string[] {
  const csrf = randomBytes(32).toString('base64url');
  return [
    serialize(SESSION_COOKIE, sessionToken, { ...attributes(secure), httpOnly: true }),
    serialize(CSRF_COOKIE, csrf, attributes(secure)),
  ];
}

/** Expires both cookies in the browser. */
export function clearedSessionCookies(secure: boolean): string[] {
  return [SESSION_COOKIE, CSRF_COOKIE].map((name) =>
    serialize(name, '', {
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
  return parse(cookieHeader)[SESSION_COOKIE] || undefined;
}

function attributes(secure: boolean) {
  return { path: '/', sameSite: 'lax', secure } as const;
}
