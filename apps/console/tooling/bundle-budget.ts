import { gzipSync } from 'node:zlib';

/** The most JavaScript, gzipped, a person downloads to see any one route of the console (issue 14). */
export const FIRST_ROUTE_BUDGET_BYTES = 300_000;

/** One JavaScript chunk of the build, as Rollup describes it. */
export interface BuiltChunk {
  fileName: string;
  /** The route module a lazy chunk was built from, for the report; the file name otherwise. */
  name: string;
  isEntry: boolean;
  /** Chunks loaded before this one runs. */
  imports: readonly string[];
  /** Chunks this one loads later, with `import()`. */
  dynamicImports: readonly string[];
  gzipBytes: number;
}

export interface RouteWeight {
  name: string;
  fileName: string;
  gzipBytes: number;
}

export interface BundleReport {
  entryGzipBytes: number;
  /** Each lazily loaded route: the entry with its imports, the route with its imports and what it loads lazily itself. */
  routes: RouteWeight[];
  heaviest: RouteWeight;
  overBudget: boolean;
}

export const gzipSize = (code: string): number => gzipSync(code, { level: 9 }).length;

function staticClosure(start: string, byFile: ReadonlyMap<string, BuiltChunk>, into: Set<string>): void {
  if (into.has(start)) return;
  const chunk = byFile.get(start);
  if (!chunk) return;
  into.add(start);
  for (const imported of chunk.imports) staticClosure(imported, byFile, into);
}

/**
 * What the first visit of each route costs: the entry chunk and its static imports, plus the route's own
 * chunk, its static imports, and the chunks it loads at once itself (a chart). A chunk shared by the two
 * counts once.
 */
export function bundleReport(chunks: readonly BuiltChunk[], budget = FIRST_ROUTE_BUDGET_BYTES): BundleReport {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the console build has no entry chunk');
  const entryFiles = new Set<string>();
  staticClosure(entry.fileName, byFile, entryFiles);
  const sum = (files: Iterable<string>) =>
    [...files].reduce((total, file) => total + (byFile.get(file)?.gzipBytes ?? 0), 0);

  const routeFiles = new Set<string>();
  for (const file of entryFiles)
    for (const lazy of byFile.get(file)?.dynamicImports ?? []) routeFiles.add(lazy);
  const routes = [...routeFiles].map((fileName): RouteWeight => {
    const files = new Set(entryFiles);
    staticClosure(fileName, byFile, files);
    for (const lazy of byFile.get(fileName)?.dynamicImports ?? []) staticClosure(lazy, byFile, files);
    return { name: byFile.get(fileName)?.name ?? fileName, fileName, gzipBytes: sum(files) };
  });
  const entryWeight: RouteWeight = { name: entry.name, fileName: entry.fileName, gzipBytes: sum(entryFiles) };
  const heaviest = routes.reduce(
    (max, route) => (route.gzipBytes > max.gzipBytes ? route : max),
    entryWeight,
  );
  return { entryGzipBytes: entryWeight.gzipBytes, routes, heaviest, overBudget: heaviest.gzipBytes > budget };
}

const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** The lines the build prints. */
export function describeBundle(report: BundleReport, budget = FIRST_ROUTE_BUDGET_BYTES): string {
  const lines = [
    `console: entry ${kb(report.entryGzipBytes)} gzipped; heaviest first route ${report.heaviest.name} ` +
      `${kb(report.heaviest.gzipBytes)} gzipped (budget ${kb(budget)})`,
    ...[...report.routes]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((route) => `  ${route.name.padEnd(28)} ${kb(route.gzipBytes).padStart(9)}`),
  ];
  return lines.join('\n');
}
