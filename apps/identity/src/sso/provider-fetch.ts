import http from 'node:http';
import https from 'node:https';
import { type DestinationPolicy, pinnedLookup } from '@governance/platform';
import type * as oidc from 'openid-client';

/** What a request to an identity provider may do. */
export interface ProviderFetchRules {
  /** Host names it may go to: the issuer's, and those an admin allowed for its endpoints. */
  hosts: ReadonlySet<string>;
  timeoutMs: number;
  /** A longer answer is dropped with its connection. */
  maxResponseBytes: number;
}

/** Why a request to a provider was not made or not used; for the log, never for the tenant. */
export class ProviderRequestError extends Error {
  override name = 'ProviderRequestError';
}

/**
 * openid-client's fetch for one organization's provider: the host must be one the rules allow, its address
 * must pass the destination policy (public only, as webhooks) and is pinned for the connection, redirects
 * are never followed, and the answer is capped in time and size.
 */
export function providerFetch(policy: DestinationPolicy, rules: ProviderFetchRules): oidc.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    if (!rules.hosts.has(target.hostname))
      throw new ProviderRequestError(`${target.hostname} is neither the issuer's host nor an allowed one`);
    const destination = await policy.resolve(target).catch((error: unknown) => {
      throw new ProviderRequestError(`refused: ${(error as Error).message}`);
    });
    const isHttps = target.protocol === 'https:';
    const isLiteral = destination.address === target.hostname.replace(/^\[(.*)\]$/, '$1');
    const body = requestBody(options.body);
    return new Promise<Response>((resolve, reject) => {
      const fail = (reason: string) => {
        request.destroy();
        reject(new ProviderRequestError(reason));
      };
      const request = (isHttps ? https : http).request({
        method: options.method,
        hostname: isLiteral ? destination.address : target.hostname,
        port: target.port === '' ? undefined : Number(target.port),
        path: target.pathname + target.search,
        headers: { ...options.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        agent: false,
        // The name is not resolved again: a rebinding DNS server cannot hand over an unchecked address.
        lookup: isLiteral ? undefined : pinnedLookup(destination.addresses),
        servername: isHttps && !isLiteral ? target.hostname : undefined,
        timeout: rules.timeoutMs,
        signal: options.signal,
      });
      const deadline = setTimeout(() => fail('timed out'), rules.timeoutMs);
      request.on('close', () => clearTimeout(deadline));
      request.on('timeout', () => fail('timed out'));
      request.on('error', (error) => fail(error.message));
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > rules.maxResponseBytes)
            return fail(`the answer exceeds ${rules.maxResponseBytes} bytes`);
          chunks.push(chunk);
        });
        response.on('error', (error) => fail(error.message));
        response.on('end', () => {
          clearTimeout(deadline);
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 599) return fail(`status ${status}`);
          const headers = new Headers();
          for (let i = 0; i + 1 < response.rawHeaders.length; i += 2)
            headers.append(response.rawHeaders[i]!, response.rawHeaders[i + 1]!);
          const content = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(content, { status, headers }));
        });
      });
      request.end(body);
    });
  };
}

function requestBody(body: oidc.CustomFetchOptions['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new ProviderRequestError('a streamed request body is not sent to providers');
}
