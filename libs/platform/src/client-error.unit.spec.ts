import 'reflect-metadata';
import { type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { serveComposition } from './composition';
import { createLogger } from './logger';
import { PlatformModule } from './platform.module';
import { createServiceApp } from './service-app';

/** Writes raw bytes and reads everything the server sends until it closes the connection. */
function exchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      socket.end();
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    socket.write(raw);
  });
}

function parse(answer: string): { status: number; contentType: string | undefined; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(head.split(' ')[1]);
  const contentType = /content-type: ([^\r\n]+)/i.exec(head)?.[1];
  return { status, contentType, body: JSON.parse(body) as unknown };
}

const oversized = `GET /health/live HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'x'.repeat(20_000)}\r\n\r\n`;

describe('requests refused by the HTTP parser', () => {
  let app: NestFastifyApplication;
  let composition: Server;
  const ports: Record<string, number> = {};

  beforeAll(async () => {
    const logger = createLogger('raw', 'silent');
    app = await createServiceApp(PlatformModule.forService(logger), { name: 'raw', logger });
    await app.listen(0, '127.0.0.1');
    ports['service'] = (app.getHttpServer().address() as AddressInfo).port;
    composition = serveComposition([
      { name: 'raw', routes: ['/'], fastify: app.getHttpAdapter().getInstance() },
    ]);
    await new Promise<void>((resolve) => composition.listen(0, '127.0.0.1', resolve));
    ports['composition'] = (composition.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => composition.close(resolve));
    await app.close();
  });

  it.each(['service', 'composition'])('get the uniform error body from a %s', async (server) => {
    const port = ports[server] as number;
    const tooLarge = parse(await exchange(port, oversized));
    expect(tooLarge.status).toBe(431);
    expect(tooLarge.contentType).toBe('application/json; charset=utf-8');
    expect(tooLarge.body).toEqual({
      error: { code: 'headers_too_large', message: 'Request line and headers are too large', details: null },
    });
    const garbage = parse(await exchange(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(garbage.status).toBe(400);
    expect(garbage.body).toMatchObject({ error: { code: 'malformed_request' } });
  });

  it('let a client still sending its body read the answer', async () => {
    const port = ports['composition'] as number;
    const upload = `POST /x HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\nContent-Length: 100000\r\n\r\n${'z'.repeat(100_000)}`;
    expect(parse(await exchange(port, upload)).status).toBe(431);
  });
});
