import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bundleReport, describeBundle, FIRST_ROUTE_BUDGET_BYTES, gzipSize } from './tooling/bundle-budget';

/** Prints what each first route costs, gzipped, and fails the build above the budget. */
function firstRouteBudget(): Plugin {
  return {
    name: 'first-route-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                name: output.facadeModuleId
                  ? (output.facadeModuleId.split('/src/').pop() ?? output.name)
                  : output.name,
                isEntry: output.isEntry,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                gzipBytes: gzipSize(output.code),
              },
            ]
          : [],
      );
      const report = bundleReport(chunks);
      console.log(describeBundle(report));
      if (report.overBudget)
        this.error(
          `the first route ${report.heaviest.name} needs ${report.heaviest.gzipBytes} bytes of JavaScript ` +
            `gzipped, over the budget of ${FIRST_ROUTE_BUDGET_BYTES}: split it further`,
        );
    },
  };
}

/*
 * `npm run console:dev` serves the console with hot reload on :5173 and sends the API to `npm start` on
 * :8080, so cookies and the Origin check behave as in production (one origin as the browser sees it).
 */
const api = { target: 'http://127.0.0.1:8080', changeOrigin: false };

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  // vite's own dependency cache, out of the shared node_modules.
  cacheDir: join(import.meta.dirname, '../../node_modules/.vite/console'),
  plugins: [react(), firstRouteBudget()],
  build: {
    outDir: join(import.meta.dirname, '../../dist/apps/console'),
    emptyOutDir: true,
    target: 'es2022',
    // Chromium, Firefox and Safari preload modules natively.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // The budget plugin prints what matters; timings of the CSS plugin on a busy machine are noise.
    rolldownOptions: { checks: { bundlerTimings: false } },
    chunkSizeWarningLimit: 700,
  },
  server: { proxy: { '/api': api, '/v1': api, '/docs': api } },
});
