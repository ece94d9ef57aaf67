// Builds one app (or all) into dist/apps/<app>/ with webpack: main.js runs the service alone,
// service.js exposes its factory so the standalone composition can load it at run time
// without importing another app's code. The console (apps/console) is a browser app that vite builds
// into dist/apps/console/, at the same time.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const nodeExternals = require('webpack-node-externals');
const { TsconfigPathsPlugin } = require('tsconfig-paths-webpack-plugin');

const root = path.resolve(__dirname, '..');
// A service is an app with a src/service.ts the standalone composition can load.
const services = fs
  .readdirSync(path.join(root, 'apps'))
  .filter((app) => fs.existsSync(path.join(root, 'apps', app, 'src', 'service.ts')));
const CONSOLE = 'console';
const all = [...services, 'standalone', CONSOLE];

/** Every `*.worker.ts` of an app, bundled beside main.js as `<name>.js`, where workerScript() looks. */
function workerEntries(app) {
  const entries = {};
  const dir = path.join(root, 'apps', app, 'src');
  for (const file of fs.readdirSync(dir, { recursive: true }))
    if (file.endsWith('.worker.ts')) entries[path.basename(file, '.ts')] = `./apps/${app}/src/${file}`;
  return entries;
}

function configFor(app) {
  const entry = { main: `./apps/${app}/src/main.ts`, ...workerEntries(app) };
  if (services.includes(app)) entry.service = `./apps/${app}/src/service.ts`;
  return {
    name: app,
    mode: 'production',
    target: 'node24',
    context: root,
    entry,
    devtool: 'source-map',
    output: {
      path: path.join(root, 'dist/apps', app),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    optimization: { minimize: false },
    node: { __dirname: false, __filename: false },
    externalsPresets: { node: true },
    externals: [nodeExternals({ modulesDir: path.join(root, 'node_modules') })],
    resolve: {
      extensions: ['.ts', '.js'],
      plugins: [new TsconfigPathsPlugin({ configFile: path.join(root, 'tsconfig.base.json') })],
    },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'ts-loader',
          exclude: /node_modules/,
          options: { transpileOnly: true, configFile: path.join(root, 'tsconfig.base.json') },
        },
      ],
    },
    stats: 'errors-warnings',
  };
}

/**
 * A digest of everything the bundles are made from: sources (tests aside), configuration and the locked
 * dependencies. A full build records it, and a full build whose digest is unchanged is skipped, so
 * `npm start` starts at once when the build is current.
 */
function sourceDigest() {
  const hash = crypto.createHash('sha256');
  const files = ['tools/build.js', 'tsconfig.base.json', 'package-lock.json'];
  for (const dir of ['apps', 'libs'])
    for (const file of fs.readdirSync(path.join(root, dir), { recursive: true }))
      if (!file.endsWith('.spec.ts')) files.push(path.join(dir, file));
  for (const file of files.sort()) {
    const full = path.join(root, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(file).update('\0').update(fs.readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const requested = args.filter((arg) => arg !== '--force');
const apps = requested.length === 0 ? all : requested;
const stamp = path.join(root, 'dist/apps/.source-digest');
const digest = requested.length === 0 ? sourceDigest() : undefined;
const builtFile = (app) => (app === CONSOLE ? 'index.html' : 'main.js');
const bundlesExist = () =>
  all.every((app) => fs.existsSync(path.join(root, 'dist/apps', app, builtFile(app))));
if (digest && !force && bundlesExist() && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) {
  console.log('build is current');
  process.exit(0);
}
for (const app of apps) {
  if (!all.includes(app)) {
    console.error(`unknown app "${app}"; known: ${all.join(', ')}`);
    process.exit(2);
  }
}
/** The console's static build; its vite config prints the first route's size and fails above budget. */
async function buildConsole() {
  // The runner loads the TypeScript config in memory: bundling it would write a temporary file beside it,
  // under apps/, which a concurrent build's source digest could trip on.
  const { build } = await import('vite');
  // Vite bundles React's development build when NODE_ENV says so (jest sets `test`); what ships is production.
  process.env.NODE_ENV = 'production';
  await build({
    configFile: path.join(root, 'apps/console/vite.config.ts'),
    configLoader: 'runner',
    logLevel: 'warn',
  });
}

function buildNodeApps(nodeApps) {
  if (nodeApps.length === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    webpack(nodeApps.map(configFor), (err, stats) => {
      if (err) return reject(err);
      const output = stats.toString({ colors: false, preset: 'errors-warnings' });
      if (output.trim()) console.log(output);
      if (stats.hasErrors()) return reject(new Error('webpack build failed'));
      resolve();
    });
  });
}

Promise.all([
  buildNodeApps(apps.filter((app) => app !== CONSOLE)),
  apps.includes(CONSOLE) ? buildConsole() : Promise.resolve(),
]).then(
  () => {
    if (digest) fs.writeFileSync(stamp, digest);
    console.log(`built ${apps.join(', ')}`);
  },
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
