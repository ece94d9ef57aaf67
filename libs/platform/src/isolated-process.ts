import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * A program run in its own process: serialised with `Function.prototype.toString` and started with
 * `node -e`, so it must be self-contained. It gets the child's `require` and its JSON `options`, reads
 * its input from stdin and writes its answer to stdout.
 */
export type IsolatedProgram<Options> = (load: (id: string) => unknown, options: Options) => void;

export interface IsolatedProcessLimits {
  /** Programs running at once; more wait their turn. */
  concurrency: number;
  /** Programs waiting for a turn; past it, `run` fails with `busy` at once. */
  queue: number;
  /** Wall-clock time one run may take before it is killed. */
  timeoutMs: number;
  /** Memory one run may use on top of what a bare Node process reserves: heap and buffers alike. */
  memoryMb: number;
  /** The largest answer accepted; a run writing more is killed. */
  maxOutputBytes: number;
}

/** Why a run gave no answer. `busy` is refused before starting; the others killed or lost the process. */
export type IsolatedFailureReason = 'busy' | 'timeout' | 'memory' | 'output_too_large' | 'crashed';

export class IsolatedProcessFailure extends Error {
  constructor(
    readonly reason: IsolatedFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'IsolatedProcessFailure';
  }
}

const STATUS_DATA = /VmData:\s+(\d+)\s+kB/;

/**
 * What a bare Node process counts as its data segment at start (about 570 MB of reservations on Node 24),
 * measured once: the process's limit is this plus its memory budget, so the budget is what it may use.
 */
let bareReservationKb: Promise<number | undefined> | undefined;
function measureBareReservation(): Promise<number | undefined> {
  bareReservationKb ??= new Promise((resolve) => {
    const probe = spawn(
      process.execPath,
      ['-e', `process.stdout.write(require('fs').readFileSync('/proc/self/status', 'utf8'))`],
      { env: {}, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let status = '';
    probe.stdout.setEncoding('utf8').on('data', (chunk: string) => (status += chunk));
    probe.once('error', () => resolve(undefined));
    probe.once('close', () => {
      const kb = STATUS_DATA.exec(status)?.[1];
      resolve(kb === undefined ? undefined : Number(kb));
    });
  });
  return bareReservationKb;
}

/** Linux bounds a process's data segment (heap, buffers, every private writable mapping) with RLIMIT_DATA. */
const CAN_LIMIT_DATA = process.platform === 'linux' && safeRead('/proc/self/status') !== undefined;
function safeRead(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Runs untrusted decoding (a hostile PDF, a ZIP bomb) where it can only fail itself: a child process with
 * a memory limit that covers buffers as well as the heap, a deadline, a cap on its answer, a clean
 * environment (no credentials), and a bound on how many run at once and wait.
 */
export class IsolatedProcessPool {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limits: IsolatedProcessLimits) {}

  /** The program's stdout once it exited cleanly; an `IsolatedProcessFailure` otherwise. */
  async run<Options>(program: IsolatedProgram<Options>, options: Options, input: Buffer): Promise<Buffer> {
    await this.turn();
    try {
      return await this.spawn(program, options, input);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private turn(): Promise<void> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.queue)
      return Promise.reject(new IsolatedProcessFailure('busy', 'too many runs in progress'));
    // The finishing run hands its slot over, so `running` stays counted.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private async spawn<Options>(
    program: IsolatedProgram<Options>,
    options: Options,
    input: Buffer,
  ): Promise<Buffer> {
    const { timeoutMs, memoryMb, maxOutputBytes } = this.limits;
    const nodeArgs = [
      `--max-old-space-size=${memoryMb}`,
      '-e',
      `(${program.toString()})(require, ${JSON.stringify(options)})`,
    ];
    const reservedKb = CAN_LIMIT_DATA ? await measureBareReservation() : undefined;
    const [command, args] =
      reservedKb === undefined
        ? [process.execPath, nodeArgs]
        : [
            '/bin/sh',
            [
              '-c',
              'ulimit -d "$1" && shift && exec "$@"',
              'isolated',
              String(reservedKb + memoryMb * 1024),
              process.execPath,
              ...nodeArgs,
            ],
          ];
    const child = spawn(command, args, { env: {}, stdio: ['pipe', 'pipe', 'pipe'] });

    return new Promise<Buffer>((resolve, reject) => {
      const output: Buffer[] = [];
      let outputBytes = 0;
      let stderr = '';
      let killedFor: IsolatedProcessFailure | undefined;
      const kill = (failure: IsolatedProcessFailure): void => {
        killedFor ??= failure;
        child.kill('SIGKILL');
      };
      const timer = setTimeout(
        () => kill(new IsolatedProcessFailure('timeout', `took longer than ${timeoutMs} ms`)),
        timeoutMs,
      );
      child.stdout.on('data', (chunk: Buffer) => {
        outputBytes += chunk.length;
        if (outputBytes > maxOutputBytes)
          kill(new IsolatedProcessFailure('output_too_large', `answered more than ${maxOutputBytes} bytes`));
        else output.push(chunk);
      });
      // Only the end matters (what killed it); keep the last few kilobytes.
      child.stderr
        .setEncoding('utf8')
        .on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4096)));
      // A child that dies before reading all of its input closes the pipe under us: not our failure.
      child.stdin.on('error', () => undefined);
      // A process that could not start (no memory, no more processes) says so here, and may never close.
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(killedFor ?? new IsolatedProcessFailure('crashed', error.message));
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        if (killedFor) reject(killedFor);
        else if (code === 0) resolve(Buffer.concat(output));
        else if (/out of memory|allocation failed|Failed to allocate|heap limit/i.test(stderr))
          reject(new IsolatedProcessFailure('memory', `needed more than ${memoryMb} MB`));
        else reject(new IsolatedProcessFailure('crashed', `exited with ${signal ?? `code ${code}`}`));
      });
      child.stdin.end(input);
    });
  }
}
