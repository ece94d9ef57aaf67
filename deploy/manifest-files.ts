import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, parse } from 'yaml';
import { INTERNAL_TOPICS, PUBLIC_TOPICS } from '@governance/contracts';

export const REPO_ROOT = join(__dirname, '..');

export function repoPath(...segments: string[]): string {
  return join(REPO_ROOT, ...segments);
}

/** Every YAML document of a file, failing on any parse error or warning rather than skipping the document. */
export function readYamlDocuments(file: string): unknown[] {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'), { merge: true });
  return documents
    .map((document) => {
      const problems = [...document.errors, ...document.warnings];
      if (problems.length > 0) throw new Error(`${file}: ${problems.map((p) => p.message).join('; ')}`);
      return document.toJS({ maxAliasCount: -1 }) as unknown;
    })
    .filter((value) => value !== null && value !== undefined);
}

/** One YAML document; `<<` merge keys resolved the way docker compose resolves them. */
export function readYaml(file: string): unknown {
  return parse(readFileSync(file, 'utf8'), { merge: true, prettyErrors: true }) as unknown;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every topic the services publish or consume, straight from the contracts. */
export function allTopics(): string[] {
  return [...PUBLIC_TOPICS, ...Object.values(INTERNAL_TOPICS)].sort();
}
