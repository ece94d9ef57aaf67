/**
 * Writes the console's sources that follow from the server's: its API types from docs/openapi.json
 * (openapi-typescript), and the role → permissions table from @governance/auth, which the console cannot
 * import (the lib is Node code). The console is type-checked against the first by `npm run lint`, so an
 * API change that breaks the console fails there.
 *
 *   node -r @swc-node/register tools/generate-console-sources.ts           writes the files
 *   node -r @swc-node/register tools/generate-console-sources.ts --check   exits 1 when a file is stale
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PERMISSIONS, ROLE_PERMISSIONS } from '@governance/auth';
import { PUBLIC_EVENT_LABELS, PUBLIC_EVENT_TYPES, ROLES, SEVERITIES } from '@governance/contracts';
import { FRAMEWORKS } from '@governance/frameworks';
import openapiTS, { astToString } from 'openapi-typescript';
import { type GeneratedFile, syncGeneratedFiles } from './generate-contract-docs';

const ROOT = join(__dirname, '..');
export const CONSOLE_SCHEMA_PATH = 'apps/console/src/api/schema.d.ts';
export const CONSOLE_PERMISSIONS_PATH = 'apps/console/src/auth/permissions.generated.ts';
export const CONSOLE_CATALOG_PATH = 'apps/console/src/api/catalog.generated.ts';

async function renderSchema(): Promise<GeneratedFile> {
  const document = JSON.parse(readFileSync(join(ROOT, 'docs/openapi.json'), 'utf8')) as Parameters<
    typeof openapiTS
  >[0];
  const types = astToString(await openapiTS(document));
  return {
    path: CONSOLE_SCHEMA_PATH,
    content: `// Generated from docs/openapi.json by tools/generate-console-sources.ts (npm run docs:generate).\n${types}`,
  };
}

function renderPermissions(): GeneratedFile {
  const table = Object.fromEntries(ROLES.map((role) => [role, [...ROLE_PERMISSIONS[role]]]));
  const content = [
    '// Generated from libs/auth/src/permissions.ts by tools/generate-console-sources.ts (npm run docs:generate).',
    `export const PERMISSIONS = ${JSON.stringify(PERMISSIONS)} as const;`,
    'export type Permission = (typeof PERMISSIONS)[number];',
    `export const ROLES = ${JSON.stringify(ROLES)} as const;`,
    'export type Role = (typeof ROLES)[number];',
    `export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = ${JSON.stringify(table)};`,
    '',
  ].join('\n');
  return { path: CONSOLE_PERMISSIONS_PATH, content };
}

/**
 * The lists the console shows (filters, pickers, legends), in the server's order but severities. The
 * API's types give their members, but a hand-written list of them could miss one; these cannot. Labels
 * for them are typed `Record<Key, string>`, so the compiler names each one a new key needs; frameworks
 * name themselves (their data's `short_name`).
 */
function renderCatalog(): GeneratedFile {
  const list = (name: string, type: string, values: readonly string[]) => [
    `export const ${name} = ${JSON.stringify(values)} as const;`,
    `export type ${type} = (typeof ${name})[number];`,
  ];
  const record = <K extends string>(
    name: string,
    type: string,
    keys: readonly K[],
    value: (key: K) => string,
  ) => [
    `export const ${name}: Readonly<Record<${type}, string>> = ${JSON.stringify(
      Object.fromEntries(keys.map((key) => [key, value(key)])),
    )};`,
  ];
  const content = [
    '// Generated from @governance/contracts and @governance/frameworks by tools/generate-console-sources.ts',
    '// (npm run docs:generate).',
    ...list('PUBLIC_EVENT_TYPES', 'PublicEventType', PUBLIC_EVENT_TYPES),
    ...record(
      'EVENT_LABELS',
      'PublicEventType',
      PUBLIC_EVENT_TYPES,
      (type) => PUBLIC_EVENT_LABELS[type].label,
    ),
    ...record(
      'EVENT_DESCRIPTIONS',
      'PublicEventType',
      PUBLIC_EVENT_TYPES,
      (type) => PUBLIC_EVENT_LABELS[type].summary,
    ),
    ...list(
      'FRAMEWORK_KEYS',
      'FrameworkKey',
      FRAMEWORKS.map((framework) => framework.key),
    ),
    ...record(
      'FRAMEWORK_LABELS',
      'FrameworkKey',
      FRAMEWORKS.map((framework) => framework.key),
      (key) => FRAMEWORKS.find((framework) => framework.key === key)!.short_name,
    ),
    // Most severe first: the order of every legend, filter and count the console shows.
    ...list('SEVERITIES', 'Severity', [...SEVERITIES].reverse()),
    '',
  ].join('\n');
  return { path: CONSOLE_CATALOG_PATH, content };
}

export async function renderConsoleSources(): Promise<GeneratedFile[]> {
  return [await renderSchema(), renderPermissions(), renderCatalog()];
}

async function main(argv: string[]): Promise<number> {
  return syncGeneratedFiles(ROOT, await renderConsoleSources(), argv, 'console sources');
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
