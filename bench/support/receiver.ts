import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { type CapturedRequest, type ReceiverMessage } from './receiver-protocol';

export interface ReceiverStats {
  received: number;
  notPost: number;
  first: CapturedRequest | null;
}

export interface BenchReceiver {
  /** `http://127.0.0.1:<port>/hook` */
  url: string;
  /** The receiver's process id, for CPU accounting. */
  pid: number;
  stats(): Promise<ReceiverStats>;
  close(): Promise<void>;
}

/** Starts receiver.child.ts in a child process and resolves once it listens. */
export async function startReceiver(): Promise<BenchReceiver> {
  // Only the TypeScript hook is passed on: flags such as --cpu-prof are meant for the bench process.
  const child = fork(join(__dirname, 'receiver.child.ts'), [], {
    execArgv: ['-r', join(__dirname, '..', 'register.js')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
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
    url: `http://127.0.0.1:${port}/hook`,
    pid: child.pid ?? 0,
    stats: () => askStats(child, (nextId += 1)),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}

function askStats(child: ChildProcess, id: number): Promise<ReceiverStats> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ReceiverMessage): void => {
      if (message.type !== 'stats' || message.id !== id) return;
      child.off('message', onMessage);
      resolve({ received: message.received, notPost: message.notPost, first: message.first });
    };
    child.on('message', onMessage);
    child.send({ type: 'stats', id }, (error) => {
      if (error) {
        child.off('message', onMessage);
        reject(error);
      }
    });
  });
}
