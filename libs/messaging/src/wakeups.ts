import { EventEmitter } from 'node:events';

/*
 * In-process nudges between loops that would otherwise wait for their next poll: the relay after a
 * commit, event-log consumers after an append. Services composed into one process are bundled apart,
 * so the emitter is found through a global symbol rather than a module variable. Polling stays the
 * guarantee; a lost nudge only costs one poll interval.
 */
const KEY = Symbol.for('governance.messaging.wakeups');
type GlobalWithWakeups = typeof globalThis & { [KEY]?: EventEmitter };

export function wakeups(): EventEmitter {
  const scope = globalThis as GlobalWithWakeups;
  if (!scope[KEY]) {
    scope[KEY] = new EventEmitter();
    scope[KEY].setMaxListeners(0);
  }
  return scope[KEY];
}

export const EVENT_LOG_APPENDED = 'event-log-appended';

/** Resolves after `ms`, or earlier when `event` is emitted, or when `signal` aborts. */
export function waitForWakeup(event: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const emitter = wakeups();
    const done = (): void => {
      clearTimeout(timer);
      emitter.off(event, done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    emitter.on(event, done);
    signal.addEventListener('abort', done, { once: true });
  });
}
