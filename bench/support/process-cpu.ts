import { readdirSync, readFileSync } from 'node:fs';

/** CPU time in ms, user plus system, by where it was spent. */
export interface CpuSample {
  /** The bench process: every thread, so the service under test and the load it generates. */
  bench: number;
  /**
   * The PostgreSQL server the bench started (its postmaster, backends and background workers), or
   * every PostgreSQL process on the machine when it started none (a server of DATABASE_URL).
   */
  postgres: number;
  /** The processes named when sampling, such as a receiver in a child process. */
  others: number;
}

/** Clock ticks per second of /proc/<pid>/stat; 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

interface ProcessStat {
  command: string;
  parent: number;
  /** CPU time of the process itself. */
  ms: number;
  /** CPU time of its children that exited and were waited for, such as PostgreSQL's backends. */
  childrenMs: number;
}

/**
 * Field 4 (ppid), 14 (utime), 15 (stime), 16 (cutime) and 17 (cstime) of /proc/<pid>/stat, after the
 * command name in parentheses.
 */
function readStat(pid: string): ProcessStat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone since the directory was listed
  }
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
  return {
    command: stat.slice(stat.indexOf('(') + 1, close),
    parent: Number(fields[1]),
    ms: ms(Number(fields[11]) + Number(fields[12])),
    childrenMs: ms(Number(fields[13]) + Number(fields[14])),
  };
}

/**
 * Where the machine's CPU time has gone so far, read from /proc; undefined where there is no /proc.
 * Differences of two samples around a measurement say what each delivery or batch cost each party.
 */
export function sampleCpu(otherPids: readonly number[] = []): CpuSample | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const stats = new Map<number, ProcessStat>();
  for (const pid of pids) {
    const stat = readStat(pid);
    if (stat) stats.set(Number(pid), stat);
  }
  // Another job's PostgreSQL on the same machine would count too, and its backends exiting between two
  // samples made the figure negative: an embedded server of this bench is told apart by its ancestry.
  const descendsFromBench = (pid: number): boolean => {
    for (let at = stats.get(pid)?.parent; at !== undefined && at > 1; at = stats.get(at)?.parent)
      if (at === process.pid) return true;
    return false;
  };
  const postgres = [...stats].filter(([, stat]) => stat.command === 'postgres');
  const own = postgres.filter(([pid]) => descendsFromBench(pid));
  const sample: CpuSample = { bench: 0, postgres: 0, others: 0 };
  for (const [pid, stat] of stats) {
    if (pid === process.pid) sample.bench += stat.ms;
    else if (otherPids.includes(pid)) sample.others += stat.ms;
  }
  // A backend or autovacuum worker that exits between two samples leaves its time to the postmaster, as
  // children's time: without it, a worker seen by the first sample only made the difference smaller.
  for (const [, stat] of own.length > 0 ? own : postgres) sample.postgres += stat.ms + stat.childrenMs;
  return sample;
}

/** CPU µs per unit of work between two samples, by party; undefined without /proc. */
export function cpuPerUnit(
  before: CpuSample | undefined,
  after: CpuSample | undefined,
  units: number,
): CpuSample | undefined {
  if (!before || !after || units <= 0) return undefined;
  const per = (key: keyof CpuSample) => ((after[key] - before[key]) * 1000) / units;
  return { bench: per('bench'), postgres: per('postgres'), others: per('others') };
}

/** This process's children whose command name starts with `command`, such as a broker it launched. */
export function childPids(command: string): number[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids
    .filter((pid) => {
      const stat = readStat(pid);
      return stat?.command.startsWith(command) === true && stat.parent === process.pid;
    })
    .map(Number);
}
