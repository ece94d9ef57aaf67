import { DestinationPolicy } from '@governance/platform';
import http from 'node:http';
import https from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { makeSelfSignedCertificate } from '@governance/testing';
import { WebhookSender, type WebhookRequest } from './webhook-sender';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  remotePort: number;
}

interface TestServer {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

async function startServer(handler: Handler): Promise<TestServer> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
        remotePort: request.socket.remotePort ?? 0,
      });
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const body = Buffer.from('{"event":"system.registered","severity":"INFO","system_id":"sys_1","details":{}}');
const headers = {
  'Content-Type': 'application/json',
  'User-Agent': 'Service-Hookbot/1.0',
  'X-Service-Event': 'system.registered',
  'X-Service-Signature-256': `sha256=${'a'.repeat(64)}`,
};

function request(url: string, timeoutMs = 2000): WebhookRequest {
  return { url, body, headers, timeoutMs };
}

describe('WebhookSender', () => {
  const lax = new DestinationPolicy({ allowPrivateTargets: true, allowHttp: true });
  const sender = new WebhookSender(lax);
  const servers: TestServer[] = [];
  const cleanups: (() => void)[] = [];

  async function serve(handler: Handler): Promise<TestServer> {
    const server = await startServer(handler);
    servers.push(server);
    return server;
  }

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    cleanups.splice(0).forEach((cleanup) => cleanup());
  });

  afterAll(() => sender.close());

  it('POSTs the exact body and headers and reports a 2xx as success', async () => {
    const server = await serve((_request, response) => response.writeHead(200).end('thanks'));

    const outcome = await sender.send(request(`http://127.0.0.1:${server.port}/hooks/gov?tenant=1`));

    expect(outcome).toMatchObject({ success: true, statusCode: 200, error: null });
    expect(outcome.responseTimeMs).toBeGreaterThan(0);
    const [received] = server.received;
    expect(received?.method).toBe('POST');
    expect(received?.url).toBe('/hooks/gov?tenant=1');
    expect(received?.body.equals(body)).toBe(true);
    expect(received?.headers['content-length']).toBe(String(body.length));
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.headers['x-service-signature-256']).toBe(headers['X-Service-Signature-256']);
    expect(received?.headers['user-agent']).toBe('Service-Hookbot/1.0');
    expect(received?.headers.host).toBe(`127.0.0.1:${server.port}`);
  });

  it('reuses the keep-alive connection for the next attempt', async () => {
    const server = await serve((_request, response) => response.writeHead(204).end());
    const url = `http://127.0.0.1:${server.port}/`;

    await sender.send(request(url));
    await sender.send(request(url));

    expect(server.received).toHaveLength(2);
    expect(server.received[1]?.remotePort).toBe(server.received[0]?.remotePort);
  });

  it('reports a 500 as a failure carrying the status', async () => {
    const server = await serve((_request, response) => response.writeHead(500).end('boom'));

    const outcome = await sender.send(request(`http://127.0.0.1:${server.port}/`));

    expect(outcome).toMatchObject({ success: false, statusCode: 500, error: 'http_status' });
  });

  it('does not follow a redirect', async () => {
    const target = await serve((_request, response) => response.writeHead(200).end());
    const redirecting = await serve((_request, response) =>
      response.writeHead(301, { Location: `http://127.0.0.1:${target.port}/moved` }).end(),
    );

    const outcome = await sender.send(request(`http://127.0.0.1:${redirecting.port}/`));

    expect(outcome).toMatchObject({ success: false, statusCode: 301, error: 'redirect_not_followed' });
    expect(redirecting.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
  });

  it('times out a slow endpoint at the configured time-out', async () => {
    const server = await serve((_request, response) => {
      const timer = setTimeout(() => response.writeHead(200).end(), 5000);
      cleanups.push(() => clearTimeout(timer));
    });

    const outcome = await sender.send(request(`http://127.0.0.1:${server.port}/`, 300));

    expect(outcome).toMatchObject({ success: false, statusCode: null, error: 'timeout' });
    expect(outcome.responseTimeMs).toBeGreaterThanOrEqual(295);
    expect(outcome.responseTimeMs).toBeLessThan(1000);
  });

  it('keeps a 2xx that arrived in time even when the body is still trickling at the deadline', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Length': '100' });
      response.write('partial');
    });

    const outcome = await sender.send(request(`http://127.0.0.1:${server.port}/`, 300));

    expect(outcome).toMatchObject({ success: true, statusCode: 200, error: null });
    expect(outcome.responseTimeMs).toBeGreaterThanOrEqual(295);
  });

  it('stops reading a large response body and drops that connection', async () => {
    let finishedWriting: boolean | undefined;
    let serverSideClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (serverSideClosed = resolve));
    const server = await serve((_request, response) => {
      response.on('close', () => {
        finishedWriting = response.writableFinished;
        serverSideClosed();
      });
      response.writeHead(200, { 'Content-Length': String(8 * 1024 * 1024) });
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = (): void => {
        while (!response.destroyed && response.write(chunk));
      };
      response.on('drain', pump);
      pump();
    });

    const outcome = await sender.send(request(`http://127.0.0.1:${server.port}/`));
    await closed;

    expect(outcome).toMatchObject({ success: true, statusCode: 200, error: null });
    expect(finishedWriting).toBe(false);
  });

  it('reports a refused connection', async () => {
    const port = await freePort();

    const outcome = await sender.send(request(`http://127.0.0.1:${port}/`));

    expect(outcome).toMatchObject({ success: false, statusCode: null, error: 'connection_refused' });
  });

  it('reports a connection the endpoint drops without answering', async () => {
    const server = await serve((request) => request.socket.destroy());

    const outcome = await sender.send(request(`http://127.0.0.1:${server.port}/`));

    expect(outcome).toMatchObject({ success: false, statusCode: null, error: 'connection_reset' });
  });

  it('reports a response that is not HTTP', async () => {
    const garbage: TcpServer = createTcpServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n'));
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => garbage.close());

    const outcome = await sender.send(
      request(`http://127.0.0.1:${(garbage.address() as AddressInfo).port}/`),
    );

    expect(outcome).toMatchObject({ success: false, statusCode: null, error: 'invalid_response' });
  });

  it('refuses a private destination when private targets are not allowed, without connecting', async () => {
    const server = await serve((_request, response) => response.writeHead(200).end());
    const strictSender = new WebhookSender(
      new DestinationPolicy({ allowPrivateTargets: false, allowHttp: true }),
    );
    cleanups.push(() => strictSender.close());

    const literal = await strictSender.send(request(`http://127.0.0.1:${server.port}/`));
    const named = await strictSender.send(request(`http://localhost:${server.port}/`));
    const https = await strictSender.send(request(`https://[::ffff:7f00:1]:${server.port}/`));

    expect(literal).toMatchObject({
      success: false,
      statusCode: null,
      error: 'destination_refused: loopback',
    });
    expect(named).toMatchObject({ success: false, statusCode: null, error: 'destination_refused: loopback' });
    expect(https).toMatchObject({ success: false, statusCode: null, error: 'destination_refused: loopback' });
    expect(server.received).toHaveLength(0);
  });

  it('refuses plain http unless allowed, and reports an unparseable url', async () => {
    const httpsOnly = new WebhookSender(
      new DestinationPolicy({ allowPrivateTargets: true, allowHttp: false }),
    );
    cleanups.push(() => httpsOnly.close());

    await expect(httpsOnly.send(request('http://127.0.0.1:9/'))).resolves.toMatchObject({
      error: 'destination_refused: url_not_allowed',
    });
    await expect(sender.send(request('not a url'))).resolves.toMatchObject({
      success: false,
      statusCode: null,
      error: 'invalid_url',
    });
  });

  it('connects a localhost url to the address the policy resolved', async () => {
    const server = await serve((_request, response) => response.writeHead(202).end());

    const outcome = await sender.send(request(`http://localhost:${server.port}/hook`));

    expect(outcome).toMatchObject({ success: true, statusCode: 202 });
    expect(server.received[0]?.headers.host).toBe(`localhost:${server.port}`);
  });

  it('connects to the pinned address, never resolving the host again (DNS rebinding)', async () => {
    const server = await serve((_request, response) => response.writeHead(200).end());
    // The first answer passes the check; any later one would point somewhere unchecked and unroutable.
    const answers = ['127.0.0.1', '10.255.255.1'];
    const resolveHost = jest.fn((_hostname: string) =>
      Promise.resolve([{ address: answers.shift() ?? '10.255.255.1', family: 4 }]),
    );
    const pinned = new WebhookSender(
      new DestinationPolicy({
        allowPrivateTargets: true,
        allowHttp: true,
        resolveHost,
        resolveCacheTtlMs: 0,
      }),
    );
    cleanups.push(() => pinned.close());

    const outcome = await pinned.send(request(`http://rebind.test:${server.port}/hook`));

    expect(outcome).toMatchObject({ success: true, statusCode: 200 });
    expect(resolveHost).toHaveBeenCalledTimes(1);
    expect(resolveHost).toHaveBeenCalledWith('rebind.test');
    expect(server.received[0]?.headers.host).toBe(`rebind.test:${server.port}`);
  });

  it('never throws, even for a header value the HTTP client rejects', async () => {
    const server = await serve((_request, response) => response.writeHead(200).end());

    const outcome = await sender.send({
      url: `http://127.0.0.1:${server.port}/`,
      body,
      headers: { 'X-Bad': 'line\r\nbreak' },
      timeoutMs: 1000,
    });

    expect(outcome).toMatchObject({ success: false, statusCode: null, error: 'invalid_request' });
    expect(server.received).toHaveLength(0);
  });

  it('trusts the extra CA it is given for an HTTPS endpoint, and no other self-signed certificate', async () => {
    const trusted = makeSelfSignedCertificate();
    const stranger = makeSelfSignedCertificate();
    const server = https.createServer(trusted, (incoming, response) => {
      incoming.resume();
      response.writeHead(200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => server.close());
    const port = (server.address() as AddressInfo).port;
    const trusting = new WebhookSender(lax, { extraCaCertificates: trusted.cert });
    const doubting = new WebhookSender(lax, { extraCaCertificates: stranger.cert });
    cleanups.push(
      () => trusting.close(),
      () => doubting.close(),
    );

    const delivered = await trusting.send(request(`https://127.0.0.1:${port}/hook`));
    const byName = await trusting.send(request(`https://localhost:${port}/hook`));
    const refused = await doubting.send(request(`https://127.0.0.1:${port}/hook`));
    const untrusted = await sender.send(request(`https://127.0.0.1:${port}/hook`));

    expect(delivered).toMatchObject({ success: true, statusCode: 200, error: null });
    expect(byName).toMatchObject({ success: true, statusCode: 200, error: null });
    expect(refused).toMatchObject({ success: false, statusCode: null });
    expect(refused.error).toMatch(/^tls_error: /);
    expect(untrusted.error).toMatch(/^tls_error: /);
  });
});
