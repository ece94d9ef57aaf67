import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(__dirname, '..');
const build = () => promisify(execFile)(process.execPath, [join(root, 'tools/build.js')], { cwd: root });
const bundle = join(root, 'dist/apps/standalone/main.js');

/** `npm start` builds first; a build that is already current must cost nothing. */
describe('tools/build.js', () => {
  // Other test files run the bundles meanwhile, so this test never makes the build stale itself.
  it('skips a full build when nothing it is made from changed', async () => {
    await build();
    const builtAt = statSync(bundle).mtimeMs;
    const again = await build();
    expect(again.stdout).toContain('build is current');
    expect(statSync(bundle).mtimeMs).toBe(builtAt);
  }, 180_000);
});
