// Lets `node -r ./bench/register.js bench/<name>.bench.ts` run a bench straight from its TypeScript.
// swc compiles with the options jest uses, decorator metadata included: Nest's dependency injection
// reads `design:paramtypes`, which esbuild and tsx do not emit. The workspace aliases (@governance/*)
// come from tsconfig.base.json.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');
const { register } = require('tsconfig-paths');
const { compilerOptions } = require('../tsconfig.base.json');

const root = join(__dirname, '..');
register({ baseUrl: root, paths: compilerOptions.paths });

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  // Inline, so `node --enable-source-maps` can map stack traces when one is wanted.
  sourceMaps: 'inline',
  swcrc: false,
  configFile: false,
};

// The CommonJS loader hook that ts-node and pirates use as well.
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...swcOptions, filename });
  module._compile(code, filename);
};
