import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import {
  type Arrival,
  type CapturedRequest,
  RECEIVER_TLS_CERT,
  RECEIVER_TLS_KEY,
  type ReceiverCommand,
  type ReceiverMessage,
} from './receiver-protocol';

export interface ReceiverStats {
  received: number;
  notPost: number;
  first: CapturedRequest | null;
}

export interface BenchReceiver {
  /** `http://127.0.0.1:<port>/hook`, or `https://` when started with `tls` */
  url: string;
  /** The receiver's process id, for CPU accounting. */
  pid: number;
  stats(): Promise<ReceiverStats>;
  /** The arrivals noted since the last call (only when started with `recordArrivals`). */
  arrivals(): Promise<Arrival[]>;
  close(): Promise<void>;
}

/** Monotonic milliseconds on the clock the receiver notes arrivals with (CLOCK_MONOTONIC on Linux). */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export interface ReceiverOptions {
  /** Note when each request arrived, by its X-Service-Delivery header. */
  recordArrivals?: boolean;
  /** Serve HTTPS with this key and certificate (PEM). */
  tls?: { key: string; cert: string };
}

/** Starts receiver.child.ts in a child process and resolves once it listens. */
export async function startReceiver(options: ReceiverOptions = {}): Promise<BenchReceiver> {
  // Only the TypeScript hook is passed on: flags such as --cpu-prof are meant for the bench process.
  const child = fork(join(__dirname, 'receiver.child.ts'), options.recordArrivals ? ['--arrivals'] : [], {
    execArgv: ['-r', join(__dirname, '..', 'register.js')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: options.tls
      ? { ...process.env, [RECEIVER_TLS_KEY]: options.tls.key, [RECEIVER_TLS_CERT]: options.tls.cert }
      : process.env,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`the receiver exited with ${code ?? 'a signal'} before listening`)),
    );
    child.on('message', (message: ReceiverMessage) => {
      if (message.type === 'ready') resolve(message.port);
    });
  });
  let nextId = 0;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}/hook`,
    pid: child.pid ?? 0,
    stats: async () => {
      const answer = await ask(child, { type: 'stats', id: (nextId += 1) });
      if (answer.type !== 'stats') throw new Error(`the receiver answered ${answer.type} to stats`);
      return { received: answer.received, notPost: answer.notPost, first: answer.first };
    },
    arrivals: async () => {
      const answer = await ask(child, { type: 'arrivals', id: (nextId += 1) });
      if (answer.type !== 'arrivals') throw new Error(`the receiver answered ${answer.type} to arrivals`);
      return answer.arrivals;
    },
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}

type Answer = Exclude<ReceiverMessage, { type: 'ready' }>;

function ask(child: ChildProcess, command: ReceiverCommand): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ReceiverMessage): void => {
      if (message.type === 'ready' || message.id !== command.id) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.send(command, (error) => {
      if (error) {
        child.off('message', onMessage);
        reject(error);
      }
    });
  });
}
