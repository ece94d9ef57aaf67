/**
 * Writes docs/openapi.json, the OpenAPI 3 document of every HTTP endpoint, from the controllers themselves.
 * Each service's Nest application is built in preview mode: the module graph and the routes, but no
 * provider is instantiated, so nothing connects to PostgreSQL or Kafka.
 *
 *   node -r @swc-node/register tools/generate-openapi.ts           writes the file
 *   node -r @swc-node/register tools/generate-openapi.ts --check   exits 1 when the file is stale
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DynamicModule, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { buildOpenApiDocument, createLogger, type Logger, type OpenAPIObject } from '@governance/platform';
import { AssessAppModule } from '../apps/assess/src/app.module';
import { readAssessConfig } from '../apps/assess/src/config';
import { DashboardAppModule } from '../apps/dashboard/src/app.module';
import { readDashboardConfig } from '../apps/dashboard/src/config';
import { PoliciesAppModule } from '../apps/policies/src/app.module';
import { readPoliciesConfig } from '../apps/policies/src/config';
import { ProbeIngestAppModule } from '../apps/probe-ingest/src/app.module';
import { readProbeIngestConfig } from '../apps/probe-ingest/src/config';
import { ReportsAppModule } from '../apps/reports/src/app.module';
import { readReportsConfig } from '../apps/reports/src/config';
import { SystemsAppModule } from '../apps/systems/src/app.module';
import { readSystemsConfig } from '../apps/systems/src/config';
import { TenancyAppModule } from '../apps/tenancy/src/app.module';
import { readTenancyConfig } from '../apps/tenancy/src/config';
import { WebhooksAppModule } from '../apps/webhooks/src/app.module';
import { readWebhooksConfig } from '../apps/webhooks/src/config';
import { type GeneratedFile } from './generate-contract-docs';

export const OPENAPI_PATH = 'docs/openapi.json';

/*
 * A fixed environment rather than process.env, so the document is the same on every machine. Preview mode
 * never uses these values; the config readers only require that they be present and well formed.
 */
const PREVIEW_ENV: NodeJS.ProcessEnv = {
  DATABASE_URL: 'postgres://docs:docs@localhost:5432/docs',
  ADMIN_TOKEN: 'adm_openapi_preview_token_not_used',
  SECRETS_ENCRYPTION_KEY: '00'.repeat(32),
  REPORT_SIGNING_KEY: 'openapi-preview-signing-key-not-used',
};

/** Every service with an HTTP API, in the order of the standalone composition. */
const SERVICES: Array<(env: NodeJS.ProcessEnv, logger: Logger) => DynamicModule> = [
  (env, logger) => TenancyAppModule.register(readTenancyConfig(env), logger),
  (env, logger) => SystemsAppModule.register(readSystemsConfig(env), logger),
  (env, logger) => ProbeIngestAppModule.register(readProbeIngestConfig(env), logger),
  (env, logger) => AssessAppModule.register(readAssessConfig(env), logger),
  (env, logger) => PoliciesAppModule.register(readPoliciesConfig(env), logger),
  (env, logger) => DashboardAppModule.register(readDashboardConfig(env), logger),
  (env, logger) => ReportsAppModule.register(readReportsConfig(env), logger),
  (env, logger) => WebhooksAppModule.register(readWebhooksConfig(env), logger),
];

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The document of every service, scanned from preview-mode applications that are closed again. */
export async function generateOpenApiDocument(): Promise<OpenAPIObject> {
  const logger = createLogger('openapi', 'silent');
  const apps: INestApplication[] = [];
  try {
    for (const service of SERVICES) {
      apps.push(
        await NestFactory.create(service(PREVIEW_ENV, logger), new FastifyAdapter(), {
          preview: true,
          logger: false,
          abortOnError: false,
        }),
      );
    }
    return buildOpenApiDocument(apps);
  } finally {
    for (const app of apps) await app.getHttpAdapter().close();
  }
}

export async function renderOpenApi(): Promise<GeneratedFile> {
  return { path: OPENAPI_PATH, content: json(await generateOpenApiDocument()) };
}

/** True when the file on disk differs from what would be generated, or is missing. */
export function isStale(root: string, file: GeneratedFile): boolean {
  try {
    return readFileSync(join(root, file.path), 'utf8') !== file.content;
  } catch {
    return true;
  }
}

async function main(argv: string[]): Promise<number> {
  const root = join(__dirname, '..');
  const file = await renderOpenApi();
  const stale = isStale(root, file);
  if (argv.includes('--check')) {
    if (!stale) return 0;
    console.error(`Stale API docs; run \`npm run docs:generate\`:\n  ${file.path}`);
    return 1;
  }
  if (stale) {
    writeFileSync(join(root, file.path), file.content);
    console.log(`wrote ${file.path}`);
  } else console.log('API docs are up to date');
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
