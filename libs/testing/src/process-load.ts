import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What a piece of work cost the process running it, and the processes it started. */
export interface ProcessLoad {
  /** The longest the event loop was held (a request's extra wait), in milliseconds. */
  stallMs: number;
  /**
   * CPU time the main thread used, in milliseconds (10 ms steps): the work that held the event loop. On a
   * machine shared with other work, a stall also counts time spent waiting for a core; this does not.
   */
  mainThreadCpuMs: number;
  /** How far this process's resident memory rose above where it started. */
  addedMb: number;
  /** This process's resident memory when the work began. */
  startMb: number;
  /** The highest resident memory of this process and all of its descendants together. */
  treePeakMb: number;
}

const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return ''; // the process ended between listing and reading
  }
}

/** The pids `pid` started (Linux: every thread's `children`), recursively. */
function descendants(pid: number): number[] {
  const tasks = (() => {
    try {
      return readdirSync(`/proc/${pid}/task`);
    } catch {
      return [];
    }
  })();
  const children = tasks.flatMap((task) =>
    readOrEmpty(`/proc/${pid}/task/${task}/children`).split(' ').filter(Boolean).map(Number),
  );
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** utime + stime of the main thread (its task id is the pid), from Linux's clock ticks of 10 ms. */
function mainThreadCpuMs(): number {
  const fields = readOrEmpty(`/proc/${process.pid}/task/${process.pid}/stat`)
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function residentBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readOrEmpty(`/proc/${pid}/status`))?.[1];
  return kb === undefined ? 0 : Number(kb) * 1024;
}

/**
 * Runs `work` while sampling, every 100 ms, this process's memory and that of its whole process tree
 * (child readers included), and the event loop's longest stall: what `/health/live` would have waited.
 */
export async function measureProcessLoad(work: () => Promise<void>): Promise<ProcessLoad> {
  const start = process.memoryUsage().rss;
  let peak = start;
  let treePeak = start;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const sample = (): void => {
    const own = process.memoryUsage().rss;
    peak = Math.max(peak, own);
    treePeak = Math.max(
      treePeak,
      own + descendants(process.pid).reduce((sum, pid) => sum + residentBytes(pid), 0),
    );
  };
  const sampler = setInterval(sample, 100);
  const cpuAtStart = mainThreadCpuMs();
  try {
    await work();
  } finally {
    clearInterval(sampler);
    delay.disable();
  }
  return {
    stallMs: delay.max / 1e6,
    mainThreadCpuMs: mainThreadCpuMs() - cpuAtStart,
    addedMb: mb(peak - start),
    startMb: mb(start),
    treePeakMb: mb(treePeak),
  };
}
