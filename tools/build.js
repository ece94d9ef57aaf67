// Builds one app (or all) into dist/apps/<app>/ with webpack: main.js runs the service alone,
// service.js exposes its factory so the standalone composition can load it at run time
// without importing another app's code.
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
const all = [...services, 'standalone'];

function configFor(app) {
  const entry = { main: `./apps/${app}/src/main.ts` };
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
const bundlesExist = () => all.every((app) => fs.existsSync(path.join(root, 'dist/apps', app, 'main.js')));
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
webpack(apps.map(configFor), (err, stats) => {
  if (err) {
    console.error(err);
    process.exit(1);
  }
  const output = stats.toString({ colors: false, preset: 'errors-warnings' });
  if (output.trim()) console.log(output);
  if (stats.hasErrors()) process.exit(1);
  if (digest) fs.writeFileSync(stamp, digest);
  console.log(`built ${apps.join(', ')}`);
});
