import { bundleReport, type BuiltChunk, describeBundle, gzipSize } from './bundle-budget';

const chunk = (fileName: string, gzipBytes: number, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  name: fileName.replace(/\.js$/, ''),
  isEntry: false,
  imports: [],
  dynamicImports: [],
  gzipBytes,
  ...more,
});

describe('bundleReport', () => {
  const chunks = [
    chunk('index.js', 60_000, {
      isEntry: true,
      imports: ['react.js'],
      dynamicImports: ['sign-in.js', 'overview.js'],
    }),
    chunk('react.js', 50_000),
    chunk('sign-in.js', 5_000, { imports: ['form.js'] }),
    chunk('form.js', 3_000),
    chunk('overview.js', 20_000, { imports: ['react.js', 'form.js'], dynamicImports: ['gauge.js'] }),
    chunk('gauge.js', 150_000, { imports: ['echarts.js'] }),
    chunk('echarts.js', 10_000),
  ];

  it('counts the entry with its imports, then each route with its imports and its own lazy chunks', () => {
    const report = bundleReport(chunks);
    expect(report.entryGzipBytes).toBe(110_000);
    expect(report.routes).toEqual([
      { name: 'sign-in', fileName: 'sign-in.js', gzipBytes: 118_000 },
      // react.js is the entry's already; form.js counts once.
      { name: 'overview', fileName: 'overview.js', gzipBytes: 293_000 },
    ]);
    expect(report.heaviest.name).toBe('overview');
    expect(report.overBudget).toBe(false);
  });

  it('is over budget when any route is, and says so in the printed lines', () => {
    const report = bundleReport(chunks, 200_000);
    expect(report.overBudget).toBe(true);
    expect(describeBundle(report, 200_000)).toContain(
      'heaviest first route overview 293.0 kB gzipped (budget 200.0 kB)',
    );
  });

  it('refuses a build without an entry', () => {
    expect(() => bundleReport([chunk('a.js', 1)])).toThrow(/no entry/);
  });

  it('measures gzipped bytes', () => {
    expect(gzipSize('a'.repeat(10_000))).toBeLessThan(100);
  });
});
