import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..');

/**
 * The console is type-checked (npm run lint) against types generated from docs/openapi.json: they must be
 * the current document's, or an API change could pass unnoticed by the console. openapi-typescript loads
 * ES modules jest's CommonJS runtime cannot, so the generator checks itself in a process of its own.
 */
describe("the console's generated sources", () => {
  it('match docs/openapi.json and the role table (npm run docs:generate writes them)', async () => {
    const check = promisify(execFile)(
      process.execPath,
      ['-r', '@swc-node/register', 'tools/generate-console-sources.ts', '--check'],
      { cwd: ROOT },
    );
    await expect(check).resolves.toMatchObject({ stderr: '' });
  }, 30_000);
});
