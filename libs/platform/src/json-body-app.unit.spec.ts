import 'reflect-metadata';
import { request as httpRequest, Agent } from 'node:http';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsObject, IsOptional, IsString } from 'class-validator';
import { createLogger } from './logger';
import { PlatformModule } from './platform.module';
import { createServiceApp } from './service-app';
import { RequestValidationPipe, stripProtoKeys } from './validation';

class NoteDto {
  @IsString()
  title!: string;

  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}

@Controller('notes')
class NotesController {
  @Post()
  @HttpCode(201)
  create(@Body() body: NoteDto): NoteDto {
    return body;
  }
}

@Module({
  imports: [PlatformModule.forService(createLogger('notes', 'silent'))],
  controllers: [NotesController],
})
class NotesModule {}

const deepData = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

describe('JSON bodies nested too deep', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createServiceApp(NotesModule, {
      name: 'notes',
      logger: createLogger('notes', 'silent'),
      maxJsonDepth: 8,
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app.close();
  });

  const post = (payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url: '/notes', headers: { 'content-type': contentType }, payload });

  it('are refused at parse time with 400 body_too_deep', async () => {
    for (const depth of [9, 5_000, 100_000]) {
      const reply = await post(`{"title":"t","data":${deepData(depth - 1)}}`);
      expect(reply.statusCode).toBe(400);
      expect(reply.headers['content-type']).toContain('application/json');
      expect(reply.json()).toEqual({
        error: {
          code: 'body_too_deep',
          message: 'Request body is nested more than 8 levels deep',
          details: { max_depth: 8 },
        },
      });
    }
  });

  it('reach the handler at exactly the limit', async () => {
    const reply = await post(`{"title":"t","data":${deepData(7)}}`, 'application/json; charset=utf-8');
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ title: 't', data: { a: { a: {} } } });
  });

  it('keep the parser’s other refusals', async () => {
    expect((await post('{"title":')).json()).toMatchObject({ error: { code: 'malformed_json' } });
    expect((await post('')).json()).toMatchObject({ error: { code: 'malformed_json' } });
    const poisoned = await post('{"title":"t","__proto__":{"admin":true}}');
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toMatchObject({ error: { code: 'malformed_json' } });
    const tooLarge = await post(JSON.stringify({ title: 'x'.repeat(1024 * 1024) }));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    const wrongType = await post('title=t', 'application/x-www-form-urlencoded');
    expect(wrongType.statusCode).toBe(415);
  });
});

describe('bodies over the limit, on a real socket', () => {
  let app: NestFastifyApplication;
  let port: number;

  beforeAll(async () => {
    app = await createServiceApp(NotesModule, { name: 'notes', logger: createLogger('notes', 'silent') });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as { port: number }).port;
  });

  afterAll(async () => {
    await app.close();
  });

  /** Sends the whole body, as a client that does not wait for an early answer does. */
  const upload = (agent: Agent, body: Buffer) =>
    new Promise<{ status: number; code: unknown }>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/notes',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              code: (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { code?: unknown } })
                .error?.code,
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  it('answer 413 to a client still uploading, rather than resetting it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = Buffer.from(JSON.stringify({ title: 'x'.repeat(3 * 1024 * 1024) }));
      for (let round = 0; round < 5; round += 1)
        expect(await upload(agent, body)).toEqual({ status: 413, code: 'payload_too_large' });
    } finally {
      agent.destroy();
    }
  });
});

describe('stripProtoKeys', () => {
  it('walks a value nested far deeper than the call stack allows', () => {
    let value: Record<string, unknown> = { constructor: 'x', prototype: 1 };
    const innermost = value;
    for (let i = 0; i < 200_000; i++) value = { a: value, list: [value] };
    expect(() => stripProtoKeys(value)).not.toThrow();
    expect(Object.keys(innermost)).toEqual([]);
  });

  it('removes prototype keys at every level and keeps built-in values whole', () => {
    const when = new Date(0);
    const value = JSON.parse(
      '{"__proto__":{"x":1},"a":[{"constructor":{"y":2},"b":1}],"prototype":2}',
    ) as Record<string, unknown>;
    value['when'] = when;
    stripProtoKeys(value);
    expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(false);
    expect(value).toEqual({ a: [{ b: 1 }], when });
    expect(when.getTime()).toBe(0);
  });

  it('is the pipe’s own', async () => {
    const pipe = new RequestValidationPipe();
    const body = JSON.parse('{"title":"t","data":{"constructor":{"a":1},"k":1}}') as unknown;
    await expect(pipe.transform(body, { type: 'body', metatype: NoteDto })).resolves.toMatchObject({
      title: 't',
      data: { k: 1 },
    });
  });
});
