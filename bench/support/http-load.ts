import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  /** Request bodies, sent round-robin. */
  bodies: string[];
  concurrency: number;
  durationMs: number;
  /** Any other status stops the run and fails it. */
  expectStatus: number;
}

export interface LoadResult {
  /** Requests answered with the expected status. */
  ok: number;
  seconds: number;
  /** Latency percentiles, milliseconds. */
  p50: number;
  p99: number;
}

/** Keeps `concurrency` keep-alive POSTs in flight for `durationMs`, from a worker thread. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'http-load.worker.js'), { workerData: options });
    worker.once('message', (result: LoadResult & { failure?: string }) => {
      void worker.terminate();
      if (result.failure !== undefined) reject(new Error(`load against ${options.url}: ${result.failure}`));
      else resolve(result);
    });
    worker.once('error', reject);
  });
}
