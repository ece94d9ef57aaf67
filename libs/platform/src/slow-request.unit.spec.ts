import 'reflect-metadata';
import { type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { serveComposition } from './composition';
import { createLogger } from './logger';
import { PlatformModule } from './platform.module';
import { createServiceApp } from './service-app';

const REQUEST_TIMEOUT_MS = 1_000;
/** Node looks for late requests a quarter of the bound apart; the rest is this busy machine's slack. */
const CUT_OFF_WITHIN_MS = REQUEST_TIMEOUT_MS + REQUEST_TIMEOUT_MS / 4 + 400;

@Controller('echo')
class EchoController {
  @Post()
  @HttpCode(200)
  echo(@Body() body: unknown): unknown {
    return body;
  }
}

@Module({
  imports: [PlatformModule.forService(createLogger('slow', 'silent'))],
  controllers: [EchoController],
})
class EchoModule {}

interface Outcome {
  answer: string;
  /** From the end of the headers to the server closing the connection. */
  elapsedMs: number;
}

/**
 * Sends a request's headers at once, then its declared body a byte every 50 ms, as a slow-loris client
 * would, until the server closes the connection (or the body is complete).
 */
function dribble(port: number, body: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let started = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), elapsedMs: Date.now() - started });
    });
    socket.write(
      `POST /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      () => {
        started = Date.now();
        let sent = 0;
        timer = setInterval(() => {
          if (socket.destroyed || sent >= body.length) return clearInterval(timer);
          socket.write(body.charAt(sent));
          sent += 1;
        }, 50);
      },
    );
  });
}

describe('a request body sent slowly', () => {
  let app: NestFastifyApplication;
  let composition: Server;
  const ports: Record<string, number> = {};

  beforeAll(async () => {
    const logger = createLogger('slow', 'silent');
    app = await createServiceApp(EchoModule, { name: 'slow', logger, requestTimeoutMs: REQUEST_TIMEOUT_MS });
    await app.listen(0, '127.0.0.1');
    ports['service'] = (app.getHttpServer().address() as AddressInfo).port;
    composition = serveComposition(
      [{ name: 'slow', routes: ['/echo'], fastify: app.getHttpAdapter().getInstance() }],
      undefined,
      REQUEST_TIMEOUT_MS,
    );
    await new Promise<void>((resolve) => composition.listen(0, '127.0.0.1', resolve));
    ports['composition'] = (composition.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => composition.close(resolve));
    await app.close();
  });

  it.each(['service', 'composition'])(
    'is cut off by a %s with the uniform 408 within the configured bound',
    async (server) => {
      // 1,000 bytes at 20 a second would take 50 s.
      const { answer, elapsedMs } = await dribble(ports[server]!, JSON.stringify({ a: 'x'.repeat(992) }));
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8/i);
      expect(JSON.parse(body)).toEqual({
        error: { code: 'request_timeout', message: 'Request took too long to arrive', details: null },
      });
      expect(elapsedMs).toBeLessThan(CUT_OFF_WITHIN_MS);
    },
  );

  it.each(['service', 'composition'])('arriving within the bound is answered by a %s', async (server) => {
    // Seven bytes in about 350 ms.
    const { answer } = await dribble(ports[server]!, '{"a":1}');
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(answer.split('\r\n\r\n')[1]).toBe('{"a":1}');
  });
});
