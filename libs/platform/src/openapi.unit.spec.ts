import 'reflect-metadata';
import {
  Body,
  Controller,
  Get,
  type INestApplication,
  Module,
  Post,
  type Type as ClassType,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Type as TypeBox } from '@sinclair/typebox';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { createLogger } from './logger';
import {
  ApiKeyAuth,
  ApiQueryFrom,
  buildOpenApiDocument,
  dtoSchema,
  Endpoint,
  openApiSchema,
  unmappedValidators,
} from './openapi';
import { PlatformModule } from './platform.module';
import { createServiceApp } from './service-app';

const present = (field: string) => ValidateIf((body: Record<string, unknown>) => body[field] !== undefined);

class LabelDto {
  @IsString()
  @Length(1, 20)
  key!: string;
}

class SampleDto {
  @JSONSchema({ description: 'Lower-case letters.' })
  @IsString()
  @MaxLength(50)
  @Matches(/^[a-z]+$/)
  name!: string;

  @IsOptional()
  @IsString()
  note?: string | null;

  @present('active')
  @IsBoolean()
  active?: boolean;

  @IsArray()
  @ArrayMaxSize(3)
  @IsIn(['a', 'b'], { each: true })
  kinds!: string[];

  @ValidateNested()
  @Type(() => LabelDto)
  label!: LabelDto;
}

class PageQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

describe('dtoSchema', () => {
  it('describes a DTO from its validators: types, limits, required, nullable, items and nested objects', () => {
    expect(dtoSchema(SampleDto)).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['name', 'kinds', 'label'],
      properties: {
        name: { type: 'string', maxLength: 50, pattern: '^[a-z]+$', description: 'Lower-case letters.' },
        note: { type: 'string', nullable: true },
        active: { type: 'boolean' },
        kinds: { type: 'array', maxItems: 3, items: { type: 'string', enum: ['a', 'b'] } },
        label: {
          type: 'object',
          additionalProperties: false,
          required: ['key'],
          properties: { key: { type: 'string', minLength: 1, maxLength: 20 } },
        },
      },
    });
  });

  it('records a validator it cannot express, so that the document test names it', () => {
    class EvenDto {
      @ValidateBy({ name: 'isEven', validator: { validate: (value: unknown) => value === 2 } })
      count!: number;
    }
    dtoSchema(EvenDto);
    expect(unmappedValidators()).toEqual(['EvenDto.count: isEven']);
  });

  it('describes query parameters without nullable, since a query string has no null', () => {
    expect(dtoSchema(PageQuery, 'query').properties).toEqual({
      limit: { type: 'integer', minimum: 1, maximum: 100 },
    });
  });
});

describe('openApiSchema', () => {
  it('rewrites what OpenAPI 3.0 cannot say: const, type unions with null, propertyNames, $id', () => {
    expect(
      openApiSchema({
        $id: 'urn:x',
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'counts'],
        properties: {
          kind: { const: 'probe' },
          owner: { type: ['string', 'null'] },
          counts: {
            type: 'object',
            propertyNames: { minLength: 1, maxLength: 64, pattern: '^[a-z]+$' },
            additionalProperties: { type: 'number' },
          },
          tags: { type: 'array', items: { const: 'x' } },
        },
      }),
    ).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'counts'],
      properties: {
        kind: { enum: ['probe'] },
        owner: { type: 'string', nullable: true },
        counts: {
          type: 'object',
          additionalProperties: { type: 'number' },
          description: 'Keys: 1 to 64 characters, matching `^[a-z]+$`.',
        },
        tags: { type: 'array', items: { enum: ['x'] } },
      },
    });
  });
});

@Controller('v1/samples')
@ApiTags('Samples')
@ApiKeyAuth()
class SamplesController {
  @Post()
  @Endpoint({
    summary: 'Create a sample',
    body: [SampleDto, { name: 'abc', kinds: ['a'], label: { key: 'k' } }],
    answer: [201, 'Created.', TypeBox.Object({ name: TypeBox.String() }), { name: 'abc' }],
    errors: [[415, 'Custom meaning.'], 422],
  })
  create(@Body() body: SampleDto): { name: string } {
    return { name: body.name };
  }

  @Get()
  @ApiOperation({ summary: 'List samples' })
  @ApiQueryFrom(PageQuery)
  list(): { data: unknown[] } {
    return { data: [] };
  }
}

@Module({
  imports: [PlatformModule.forService(createLogger('samples', 'silent'))],
  controllers: [SamplesController],
})
class SamplesModule {}

@Controller('v1/samples')
class ClashingController {
  @Get()
  list(): void {}
}

@Module({ controllers: [ClashingController] })
class ClashingModule {}

describe('buildOpenApiDocument', () => {
  const apps: INestApplication[] = [];
  const preview = async (module: ClassType): Promise<INestApplication> => {
    const app = await NestFactory.create(module, new FastifyAdapter(), { preview: true, logger: false });
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    for (const app of apps) await app.getHttpAdapter().close();
  });

  it('documents the routes of preview applications with security, errors and no health or metrics', async () => {
    const document = buildOpenApiDocument([await preview(SamplesModule)]);
    expect(Object.keys(document.paths)).toEqual(['/v1/samples']);
    const create = document.paths['/v1/samples']!.post!;
    expect(create).toMatchObject({
      operationId: 'Samples_create',
      summary: 'Create a sample',
      tags: ['Samples'],
      security: [{ api_key: [] }, { session: [] }],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { required: ['name', 'kinds', 'label'] } } },
      },
      responses: {
        '201': { description: 'Created.', content: { 'application/json': { example: { name: 'abc' } } } },
        '400': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        '401': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        '413': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        '415': { description: 'Custom meaning.' },
        '422': { description: 'An error, in the uniform error body.' },
      },
    });
    expect(document.paths['/v1/samples']!.get!.parameters).toEqual([
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
    ]);
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(['Error']);
    expect(document.tags).toEqual([{ name: 'Samples' }]);
  });

  it('refuses two applications that answer the same method and path', async () => {
    const both = [await preview(SamplesModule), await preview(ClashingModule)];
    expect(() => buildOpenApiDocument(both)).toThrow('two applications answer GET /v1/samples');
  });
});

describe('a service application', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createServiceApp(SamplesModule, {
      name: 'samples',
      logger: createLogger('samples', 'silent'),
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves its own document at /docs/openapi.json and Swagger UI at /docs', async () => {
    const fastify = app.getHttpAdapter().getInstance();
    const json = await fastify.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.json<{ paths: object }>().paths).toEqual({
      '/v1/samples': { get: expect.any(Object), post: expect.any(Object) },
    });
    const page = await fastify.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Swagger UI loads the document by URL, so an edge can answer that URL with another document.
    const init = await fastify.inject({ method: 'GET', url: '/docs/swagger-ui-init.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('"url": "/docs/openapi.json"');
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'application/javascript'],
      ['swagger-ui.css', 'text/css'],
    ]) {
      const asset = await fastify.inject({ method: 'GET', url: `/docs/${file}` });
      expect([file, asset.statusCode, asset.headers['content-type']]).toEqual([
        file,
        200,
        expect.stringContaining(type!),
      ]);
      expect(asset.rawPayload.length).toBeGreaterThan(10_000);
    }
  });

  it('serves the same document as a preview of its module, which is how docs/openapi.json is made', async () => {
    const served = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url: '/docs/openapi.json' });
    const preview = await NestFactory.create(SamplesModule, new FastifyAdapter(), {
      preview: true,
      logger: false,
    });
    try {
      expect(served.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument([preview]))));
    } finally {
      await preview.getHttpAdapter().close();
    }
  });

  it('serves the document it is given instead, as the standalone composition does', async () => {
    const composed = await createServiceApp(PlatformModule.forService(createLogger('docs', 'silent')), {
      name: 'docs',
      logger: createLogger('docs', 'silent'),
      openApiDocument: () => buildOpenApiDocument([app]),
    });
    try {
      await composed.init();
      const json = await composed
        .getHttpAdapter()
        .getInstance()
        .inject({ method: 'GET', url: '/docs/openapi.json' });
      expect(Object.keys(json.json<{ paths: object }>().paths)).toEqual(['/v1/samples']);
    } finally {
      await composed.close();
    }
  });
});
