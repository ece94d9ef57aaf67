import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchResult } from './support/bench-result';

/*
 * npm run bench: every bench:* script of package.json, one after another (each needs the machine to itself),
 * each printing its own report as it goes, then one table of their headlines.
 */

const root = join(__dirname, '..');
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
/**
 * Each bench:* script once, and bench:ingest again under the 50 active policies issue 4 asks about and on
 * the Kafka bus (issue 15).
 */
type Run = { script: string; env: Record<string, string> };
const runs: Run[] = Object.keys(scripts)
  .filter((name) => name.startsWith('bench:'))
  .flatMap((script): Run[] =>
    script === 'bench:ingest'
      ? [
          { script, env: {} },
          { script, env: { BENCH_POLICIES: '50' } },
          { script, env: { BENCH_BUS: 'kafka' } },
        ]
      : [{ script, env: {} }],
  );
const resultDir = mkdtempSync(join(tmpdir(), 'governance-bench-'));
const resultFile = join(resultDir, 'results.jsonl');

const failed: string[] = [];
for (const { script, env } of runs) {
  const name = [script, ...Object.entries(env).map(([key, value]) => `${key}=${value}`)].join(' ');
  process.stderr.write(`\n=== npm run ${name}\n`);
  const run = spawnSync('npm', ['run', '--silent', script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env, BENCH_RESULT_FILE: resultFile },
  });
  if (run.status !== 0) failed.push(name);
}

let results: BenchResult[] = [];
try {
  results = readFileSync(resultFile, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as BenchResult);
} catch {
  results = [];
}
rmSync(resultDir, { recursive: true, force: true });

const rows = [
  ['bench', 'figure', 'bare baseline (same run)', 'ratio', 'floor ÷ bare', 'target', 'met'],
  ...results.map((result) => [
    result.bench,
    result.figure,
    result.baseline,
    result.ratio === null ? '' : result.ratio.toFixed(2),
    result.floorRatio === undefined ? '' : result.floorRatio.toFixed(2),
    result.target,
    result.met ? 'yes' : 'NO',
  ]),
  ...failed.map((name) => [name.replace('bench:', ''), 'failed: see its output above', '', '', '', '', '']),
];
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
process.stdout.write(
  `\n${rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')}\n`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
