import { setTimeout as delay } from 'node:timers/promises';

/**
 * A wake-up for a polling loop that is not lost when it arrives while nobody waits: `wait` returns at
 * once after a `notify` it missed, else after `notify`, `ms` or an abort, whichever comes first. One
 * loop waits on it.
 */
export class WakeSignal {
  private pending = false;
  private release: (() => void) | undefined;

  notify(): void {
    this.pending = true;
    this.release?.();
  }

  async wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (!this.pending && !signal?.aborted)
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          this.release = undefined;
          resolve();
        };
        const timer = setTimeout(done, ms);
        this.release = done;
        signal?.addEventListener('abort', done, { once: true });
      });
    this.pending = false;
  }
}

/** A WakeSignal that every wake(name) of this process notifies, for each name it listens to, until closed. */
export class WakeListener extends WakeSignal {
  constructor(private readonly listeners: ReadonlyArray<Set<WakeSignal>>) {
    super();
    for (const set of listeners) set.add(this);
  }

  close(): void {
    for (const set of this.listeners) set.delete(this);
  }
}

/*
 * Named wake-ups between loops that would otherwise wait for their next poll; polling stays the guarantee.
 * Composed services are bundled apart, so the listeners hang on a global symbol, not a module variable.
 */
const LISTENERS = Symbol.for('governance.platform.wake-listeners');
type GlobalWithListeners = typeof globalThis & { [LISTENERS]?: Map<string, Set<WakeSignal>> };

function listenersOf(name: string): Set<WakeSignal> {
  const scope = globalThis as GlobalWithListeners;
  const byName = (scope[LISTENERS] ??= new Map<string, Set<WakeSignal>>());
  let listeners = byName.get(name);
  if (!listeners) byName.set(name, (listeners = new Set()));
  return listeners;
}

/** Wakes every loop of this process listening to `name`. */
export function wake(name: string): void {
  for (const listener of listenersOf(name)) listener.notify();
}

/**
 * Listens to `name` (or to each of several names) from now on: the listener remembers a wake-up that
 * comes while its loop is busy.
 */
export function listen(name: string | readonly string[]): WakeListener {
  return new WakeListener((typeof name === 'string' ? [name] : [...new Set(name)]).map(listenersOf));
}

/** Resolves after `ms`, or at once when `signal` aborts: a pause that never holds up a shutdown. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return delay(ms, undefined, { signal }).catch(() => undefined);
}
