import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsconfig-paths';

// Jest's module mapper does not apply to global setup, so the workspace aliases are registered here.
const root = join(__dirname, '../../../..');
const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
};
register({ baseUrl: root, paths: tsconfig.compilerOptions.paths });
