import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How to start the worker thread `name` that sits beside the calling file in `directory` (its
 * `__dirname`). A built service has it bundled beside itself as `<name>.js` (tools/build.js makes every
 * `*.worker.ts` an entry of its own); run from sources (jest, the benches) it is `<name>.ts`, compiled on
 * load by @swc-node/register, which reads the workspace aliases from tsconfig.json.
 */
export function workerScript(directory: string, name: string): { filename: string; execArgv: string[] } {
  const bundled = join(directory, `${name}.js`);
  if (existsSync(bundled)) return { filename: bundled, execArgv: [] };
  return { filename: join(directory, `${name}.ts`), execArgv: ['--require', '@swc-node/register'] };
}
