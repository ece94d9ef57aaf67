import { appendFileSync } from 'node:fs';

/** One bench's headline, as `npm run bench` puts it in its table. */
export interface BenchResult {
  bench: string;
  /** The measured figure, with its unit. */
  figure: string;
  /** The bare baseline of the same run, with its unit. */
  baseline: string;
  /** figure / baseline where the two compare as rates; null where they do not. */
  ratio: number | null;
  /**
   * Where the bench measures a floor (the bare baseline plus only the work no implementation can skip), its
   * rate over the baseline's: the most any implementation could reach in that run. A target above it cannot
   * be met on the machine at hand.
   */
  floorRatio?: number;
  target: string;
  met: boolean;
}

/**
 * Hands the headline to `npm run bench` (bench/run-all.ts), which names a file in BENCH_RESULT_FILE; a bench
 * run on its own prints only its report.
 */
export function printBenchResult(result: BenchResult, env: NodeJS.ProcessEnv = process.env): void {
  const file = env.BENCH_RESULT_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(result)}\n`);
}
