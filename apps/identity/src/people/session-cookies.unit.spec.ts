import { clearedSessionCookies, presentedSessionToken, sessionCookies } from './session-cookies';

describe('session cookies', () => {
  it('sets the session httpOnly and the CSRF token readable, both Lax on the whole site', () => {
    const [session, csrf] = sessionCookies('ses_token', false);
    expect(session).toBe('service_session=ses_token; Path=/; HttpOnly; SameSite=Lax');
    expect(csrf).toMatch(/^service_csrf=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax$/);
  });

  it('marks both Secure when the console is served over HTTPS, and names the CSRF cookie __Host-', () => {
    const cookies = sessionCookies('ses_token', true);
    for (const cookie of cookies) expect(cookie).toContain('; Secure');
    expect(cookies[1]).toMatch(/^__Host-service_csrf=[A-Za-z0-9_-]{43}; Path=\/; Secure; SameSite=Lax$/);
  });

  it('draws a new CSRF token each time', () => {
    expect(sessionCookies('a', false)[1]).not.toBe(sessionCookies('a', false)[1]);
  });

  it('clears both with the same attributes', () => {
    const [session, csrf] = clearedSessionCookies(true);
    expect(session).toMatch(
      /^service_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(csrf).toMatch(
      /^__Host-service_csrf=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=Lax$/,
    );
  });

  it('reads the session token among other cookies', () => {
    expect(presentedSessionToken('a=1; service_session=ses_x; service_csrf=y')).toBe('ses_x');
    expect(presentedSessionToken('a=1')).toBeUndefined();
    expect(presentedSessionToken('service_session=')).toBeUndefined();
    expect(presentedSessionToken(undefined)).toBeUndefined();
  });
});
