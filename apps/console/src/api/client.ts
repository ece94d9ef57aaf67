import createClient, { type Middleware } from 'openapi-fetch';
import { currentOrganization } from './organization';
import type { paths } from './schema';

export const CSRF_HEADER = 'X-Service-CSRF';
export const ORGANIZATION_HEADER = 'X-Service-Organization';

/** The value of a cookie this page can read (the CSRF cookie is readable on purpose; the session is not). */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The CSRF token to repeat in X-Service-CSRF: the `__Host-` cookie when the platform is served over HTTPS,
 * the plain one over HTTP (development).
 */
export function readCsrfToken(cookies: string = document.cookie): string | undefined {
  return readCookie(cookies, '__Host-service_csrf') ?? readCookie(cookies, 'service_csrf');
}

/** Answers where 401 means "wrong password", not "signed out": they must not send the person away. */
const SIGN_IN_PATHS = [
  '/api/service/auth/login',
  '/api/service/auth/setup',
  '/api/service/invitations/accept',
];

let onSignedOut: () => void = () => undefined;

/** What to do when the session is gone (a 401): the app sends the person to the sign-in page. */
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

const session: Middleware = {
  onRequest({ request }) {
    const csrf = readCsrfToken();
    if (csrf) request.headers.set(CSRF_HEADER, csrf);
    const organization = currentOrganization();
    if (organization) request.headers.set(ORGANIZATION_HEADER, organization);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 401 && !SIGN_IN_PATHS.includes(new URL(request.url).pathname)) onSignedOut();
    return response;
  },
};

/** The one API client: typed from docs/openapi.json, same-origin cookies, CSRF and organization headers. */
export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(session);
