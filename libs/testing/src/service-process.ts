import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServiceProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote, for assertions on logs and for failure messages. */
  output(): string;
  /** Sends `signal` and resolves with the exit code (or signal name) once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

const WORKSPACE = resolve(__dirname, '../../..');

// Node has no parent-death signal: without this, a killed jest run leaves its services running for good.
const EXIT_WHEN_ORPHANED =
  'data:text/javascript,const parent=process.ppid;setInterval(()=>{if(process.ppid!==parent)process.exit(1)},1000).unref()';

/** Where librdkafka's mock cluster is not a broker, what kafkajs needs to work with it anyway. */
const KAFKAJS_MOCK_COMPAT = resolve(WORKSPACE, 'tools/kafka-mock/kafkajs-mock-compat.cjs');

/**
 * Runs a built app (`dist/apps/<app>/main.js`) as a real process on a free port, and resolves once
 * its readiness probe answers 200. End-to-end tests use it to test what operators run.
 */
export async function startServiceProcess(
  app: string,
  env: Record<string, string>,
  readyTimeoutMs = 90_000,
): Promise<ServiceProcess> {
  const script = resolve(WORKSPACE, 'dist/apps', app, 'main.js');
  if (!existsSync(script))
    throw new Error(`${script} is missing; build first (npm test builds before running jest)`);
  const port = await freePort();
  const preloads = env.KAFKA_BROKERS ? ['--require', KAFKAJS_MOCK_COMPAT] : [];
  const child = spawn(process.execPath, ['--import', EXIT_WHEN_ORPHANED, ...preloads, script], {
    cwd: WORKSPACE,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit(code ?? signal ?? 'unknown')),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const handle: ServiceProcess = {
    baseUrl,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${app} exited with ${child.exitCode} before it was ready:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/health/ready`);
      if (response.status === 200) return handle;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await handle.stop('SIGKILL');
      throw new Error(`${app} was not ready within ${readyTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}
