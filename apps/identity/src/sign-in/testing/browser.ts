import { type ServiceHarness } from '@governance/testing';
import { type LightMyRequestResponse } from 'fastify';

export const PUBLIC_URL = 'http://console.test';
export const AUTH = '/api/service/auth';

/**
 * A browser on the console's page: it keeps the cookies it is given, and sends them with `Origin` and the
 * CSRF header, from its own address, as the console's requests would.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly harness: ServiceHarness,
    readonly address = '203.0.113.10',
    readonly origin: string | undefined = PUBLIC_URL,
  ) {}

  async send(
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = this.cookies.get('__Host-service_csrf') ?? this.cookies.get('service_csrf');
    const response = await this.harness.request(method, url, undefined, body, {
      'x-forwarded-for': this.address,
      'user-agent': 'sign-in test browser',
      ...(this.origin === undefined ? {} : { origin: this.origin }),
      ...(cookie ? { cookie } : {}),
      ...(csrf ? { 'x-service-csrf': csrf } : {}),
      ...headers,
    });
    for (const setCookie of setCookies(response)) {
      const [pair] = setCookie.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (/;\s*Max-Age=0/i.test(setCookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get sessionToken(): string | undefined {
    return this.cookies.get('service_session');
  }
}

export function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/** The session id within a session token `ses_<id body>_<secret>`. */
export function sessionIdOf(token: string): string {
  return `ses_${token.split('_')[1]!}`;
}

export function expectUniformError(
  response: LightMyRequestResponse,
  status: number,
  code?: string,
): { code: string; message: string; details: unknown } {
  const label = `${response.statusCode} ${response.body}`;
  expect([label, response.statusCode]).toEqual([label, status]);
  const { error } = response.json<{ error: { code: string; message: string; details: unknown } }>();
  expect(Object.keys(error).sort()).toEqual(['code', 'details', 'message']);
  if (code !== undefined) expect(error.code).toBe(code);
  return error;
}
