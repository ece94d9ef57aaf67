import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type LightMyRequestResponse } from 'fastify';

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/** Claims of an account, by the login typed into the provider's form (which becomes `sub`). */
export type TestAccounts = Record<string, Record<string, unknown>>;

// oidc-provider takes a few seconds to load on a busy machine; within the 60 s a test's hook may take.
const READY_TIMEOUT_MS = 45_000;

/** A real OpenID Provider (oidc-provider) in a child process on 127.0.0.1, for the SSO tests. */
export class OidcTestProvider {
  private constructor(
    private readonly child: ChildProcess,
    readonly issuer: string,
  ) {}

  /** `jwksPaddingBytes` pads its key set's answer by as many bytes: an oversized JWKS. */
  static async start(
    clients: TestClient[],
    accounts: TestAccounts,
    options: { jwksPaddingBytes?: number } = {},
  ): Promise<OidcTestProvider> {
    const child = spawn(process.execPath, [join(__dirname, 'oidc-provider-process.mjs')], {
      env: {
        ...process.env,
        OIDC_CLIENTS: JSON.stringify(clients),
        OIDC_ACCOUNTS: JSON.stringify(accounts),
        OIDC_JWKS_PADDING_BYTES: String(options.jwksPaddingBytes ?? 0),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const errors: string[] = [];
    child.stderr.on('data', (chunk: Buffer) => errors.push(String(chunk)));
    const issuer = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`provider not ready: ${errors.join('')}`)),
        READY_TIMEOUT_MS,
      );
      child.once('exit', (code) => reject(new Error(`provider exited (${code}): ${errors.join('')}`)));
      createInterface({ input: child.stdout }).on('line', (line) => {
        const match = /^ready (\S+)$/.exec(line);
        if (!match) return;
        clearTimeout(timer);
        resolve(match[1]!);
      });
    });
    return new OidcTestProvider(child, issuer);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

type IdentityRequest = (path: string, headers: Record<string, string>) => Promise<LightMyRequestResponse>;

/**
 * A browser made of plain requests: one cookie jar per origin, redirects followed by hand. The identity
 * service is reached in-process (`identity`), as the origin of the console's public URL; anything else
 * with fetch.
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(
    private readonly publicOrigin: string,
    private readonly identity: IdentityRequest,
  ) {}

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  /** A GET to the identity service as this browser; its `Set-Cookie`s go into the jar. */
  async visit(url: string): Promise<LightMyRequestResponse> {
    const target = new URL(url, this.publicOrigin);
    if (target.origin !== this.publicOrigin) throw new Error(`not the console's origin: ${url}`);
    const response = await this.identity(target.pathname + target.search, this.cookieHeader(target.origin));
    const setCookie = response.headers['set-cookie'];
    this.keep(
      target.origin,
      setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
    );
    return response;
  }

  /**
   * From the provider's authorization URL to the redirect back to the console: signs in as `login` on the
   * provider's login form and accepts its consent form, or cancels at the login form when `login` is
   * undefined. Returns the URL the provider sends the browser back to.
   */
  async atProvider(authorizationUrl: string, login: string | undefined): Promise<string> {
    let url = new URL(authorizationUrl);
    const provider = url.origin;
    for (let step = 0; step < 10; step++) {
      let response = await this.fetch(url);
      if (response.status === 200) {
        const page = await response.text();
        const action = new URL(/<form[^>]* action="([^"]+)"/.exec(page)?.[1] ?? '', url);
        if (page.includes('name="login"')) {
          if (login === undefined) {
            response = await this.fetch(new URL(`${action.pathname}/abort`, provider));
          } else response = await this.fetch(action, { prompt: 'login', login, password: 'any password' });
        } else response = await this.fetch(action, { prompt: 'consent' });
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location)
        throw new Error(`provider answered ${response.status}: ${await response.text()}`);
      url = new URL(location, url);
      if (url.origin !== provider) return url.href;
    }
    throw new Error('too many redirects at the provider');
  }

  private async fetch(url: URL, form?: Record<string, string>): Promise<Response> {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...this.cookieHeader(url.origin),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    this.keep(url.origin, response.headers.getSetCookie());
    return response;
  }

  private cookieHeader(origin: string): Record<string, string> {
    const jar = this.jars.get(origin);
    if (!jar || jar.size === 0) return {};
    return { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  /** Paths and expiry dates aside: a cleared cookie (empty, or Max-Age=0) leaves the jar. */
  private keep(origin: string, setCookies: string[]): void {
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    for (const setCookie of setCookies) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const cleared = value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (cleared) jar.delete(name);
      else jar.set(name, value);
    }
  }
}
