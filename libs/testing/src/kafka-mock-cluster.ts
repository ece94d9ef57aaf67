import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

/** A librdkafka mock cluster in a child process. Brokers are numbered from 1. */
export interface KafkaMockCluster {
  /** `host:port,host:port,...` */
  bootstrapServers: string;
  /** Stops the broker and moves the leadership of its partitions to the next broker that is up. */
  setBrokerDown(brokerId: number): Promise<void>;
  setBrokerUp(brokerId: number): Promise<void>;
  stop(): Promise<void>;
}

const REPO_ROOT = resolve(__dirname, '../../..');
const SOURCE = join(REPO_ROOT, 'tools/kafka-mock/kafka-mock-cluster.c');
const CACHE_DIR = join(REPO_ROOT, '.test-infra/kafka-mock');
const BINARY = join(CACHE_DIR, 'kafka-mock-cluster');
const STARTUP_TIMEOUT_MS = 10_000;
const COMMAND_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;

const MISSING_LIBRDKAFKA =
  'the Kafka mock cluster needs the librdkafka headers and library: apt-get install librdkafka-dev (and gcc)';

function run(file: string, args: string[]): Promise<{ stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    execFile(file, args, { encoding: 'utf8' }, (error, _stdout, stderr) => {
      if (error) {
        const failure: Error = Object.assign(error, { stderr });
        reject(failure);
      } else resolvePromise({ stderr });
    });
  });
}

function isStale(): boolean {
  if (!existsSync(BINARY)) return true;
  return statSync(SOURCE).mtimeMs > statSync(BINARY).mtimeMs;
}

/**
 * Compiles the launcher when the cached binary is missing or older than its source. Each compiler run
 * writes its own temporary file and renames it into place, so jest workers compiling at the same time
 * never see, or run, a half-written binary.
 */
async function ensureLauncher(): Promise<string> {
  if (!isStale()) return BINARY;
  mkdirSync(CACHE_DIR, { recursive: true });
  const temporary = `${BINARY}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await run('gcc', ['-O2', '-Wall', '-o', temporary, SOURCE, '-lrdkafka']);
    renameSync(temporary, BINARY);
  } catch (error) {
    rmSync(temporary, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    const stderr = (error as { stderr?: string }).stderr ?? '';
    if (code === 'ENOENT') throw new Error(`gcc was not found; ${MISSING_LIBRDKAFKA}`);
    if (/rdkafka(_mock)?\.h: No such file|cannot find -lrdkafka/.test(stderr))
      throw new Error(MISSING_LIBRDKAFKA);
    throw new Error(`compiling ${SOURCE} failed:\n${stderr}`);
  }
  return BINARY;
}

const running = new Set<ChildProcessWithoutNullStreams>();
let exitHookInstalled = false;

/** The launcher also exits on stdin EOF, which covers a test process that dies without running this. */
function killOnExit(child: ChildProcessWithoutNullStreams): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const launched of running) launched.kill('SIGKILL');
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`kafka mock cluster: ${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Starts a librdkafka mock cluster (default 3 brokers). Topics are created on first use with the
 * mock's default of 4 partitions; it has no controller, so admin requests and idempotent producers
 * do not work against it.
 */
export async function startKafkaMockCluster(options: { brokers?: number } = {}): Promise<KafkaMockCluster> {
  const brokers = options.brokers ?? 3;
  if (!Number.isInteger(brokers) || brokers < 1 || brokers > 16)
    throw new Error(`invalid broker count ${brokers}`);
  const launcher = await ensureLauncher();
  const child = spawn(launcher, [String(brokers)], { stdio: ['pipe', 'pipe', 'pipe'] });
  killOnExit(child);

  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });

  // Lines arrive in order: the bootstrap servers, then one answer per command, in command order.
  const waiting: Array<{ resolve: (line: string) => void; reject: (error: Error) => void }> = [];
  const pending: string[] = [];
  let ended: Error | undefined;
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next) next.resolve(line);
    else pending.push(line);
  });
  const exited = new Promise<void>((resolveExit) => {
    child.once('exit', (code, signal) => {
      ended = new Error(
        `kafka mock cluster exited (${signal ?? `code ${code}`})${stderr ? `: ${stderr.trim()}` : ''}`,
      );
      for (const next of waiting.splice(0)) next.reject(ended);
      resolveExit();
    });
  });
  child.once('error', (error) => {
    ended = error;
    for (const next of waiting.splice(0)) next.reject(error);
  });
  // Writing to a launcher that already exited would otherwise crash the test process with EPIPE.
  child.stdin.on('error', () => undefined);

  const nextLine = (): Promise<string> => {
    const line = pending.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (ended) return Promise.reject(ended);
    return new Promise((resolveLine, reject) => waiting.push({ resolve: resolveLine, reject }));
  };

  let bootstrapServers: string;
  try {
    bootstrapServers = await withTimeout(nextLine(), STARTUP_TIMEOUT_MS, 'startup');
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  let queue: Promise<unknown> = Promise.resolve();
  const command = (verb: 'down' | 'up', brokerId: number): Promise<void> => {
    if (!Number.isInteger(brokerId) || brokerId < 1 || brokerId > brokers) {
      return Promise.reject(new Error(`no broker ${brokerId}; brokers are numbered 1..${brokers}`));
    }
    // One command in flight at a time, so each answer is matched to its own command.
    const sent = queue.then(async () => {
      if (ended) throw ended;
      const answer = nextLine();
      child.stdin.write(`${verb} ${brokerId}\n`);
      const line = await withTimeout(answer, COMMAND_TIMEOUT_MS, `${verb} ${brokerId}`);
      if (!line.startsWith('ok '))
        throw new Error(`kafka mock cluster refused "${verb} ${brokerId}": ${line}`);
    });
    queue = sent.catch(() => undefined);
    return sent;
  };

  return {
    bootstrapServers,
    setBrokerDown: (brokerId) => command('down', brokerId),
    setBrokerUp: (brokerId) => command('up', brokerId),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
      lines.close();
    },
  };
}
