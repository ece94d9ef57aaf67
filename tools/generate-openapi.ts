/**
 * Writes docs/openapi.json, the OpenAPI 3 document of every HTTP endpoint, from the controllers themselves.
 * Each service's Nest application is built in preview mode: the module graph and the routes, but no
 * provider is instantiated, so nothing connects to PostgreSQL or Kafka.
 *
 *   node -r @swc-node/register tools/generate-openapi.ts           writes the file
 *   node -r @swc-node/register tools/generate-openapi.ts --check   exits 1 when the file is stale
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { buildOpenApiDocument, createLogger, type OpenAPIObject } from '@governance/platform';
import { assessService } from '../apps/assess/src/service';
import { dashboardService } from '../apps/dashboard/src/service';
import { policiesService } from '../apps/policies/src/service';
import { probeIngestService } from '../apps/probe-ingest/src/service';
import { reportsService } from '../apps/reports/src/service';
import { systemsService } from '../apps/systems/src/service';
import { identityService } from '../apps/identity/src/service';
import { webhooksService } from '../apps/webhooks/src/service';
import { type GeneratedFile, syncGeneratedFiles } from './generate-contract-docs';
import { renderRolesMatrix } from './roles-matrix';

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
const SERVICES = [
  identityService,
  systemsService,
  probeIngestService,
  assessService,
  policiesService,
  dashboardService,
  reportsService,
  webhooksService,
];

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The document of every service, scanned from preview-mode applications that are closed again. */
export async function generateOpenApiDocument(): Promise<OpenAPIObject> {
  const logger = createLogger('openapi', 'silent');
  const apps: INestApplication[] = [];
  try {
    for (const service of SERVICES) {
      apps.push(
        await NestFactory.create(service.rootModule(PREVIEW_ENV, logger), new FastifyAdapter(), {
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

/** docs/openapi.json, and the role matrix that follows from its routes' permissions. */
export async function renderApiDocs(): Promise<GeneratedFile[]> {
  const document = await generateOpenApiDocument();
  return [{ path: OPENAPI_PATH, content: json(document) }, renderRolesMatrix(document)];
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
  return syncGeneratedFiles(join(__dirname, '..'), await renderApiDocs(), argv, 'API docs');
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
