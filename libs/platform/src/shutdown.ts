import { type Logger } from './logger';

/**
 * On SIGTERM or SIGINT: run `stop` (stop taking work, finish what is in flight) and exit 0, or exit 1
 * when it takes longer than `graceMs`, so an orchestrator's kill deadline is never the one that decides.
 */
export function stopOnSignals(stop: () => Promise<void>, options: { graceMs: number; logger: Logger }): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    options.logger.info({ signal, grace_ms: options.graceMs }, 'shutting down');
    const deadline = setTimeout(() => {
      options.logger.error({ grace_ms: options.graceMs }, 'shutdown grace period exceeded');
      process.exit(1);
    }, options.graceMs);
    deadline.unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        options.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

/**
 * Stops one service in the order that leaves nothing half-done: the HTTP server finishes the requests in
 * flight, then Nest's shutdown hooks stop consumers and workers and drain the outbox before the database closes.
 */
export async function closeGracefully(app: {
  getHttpAdapter(): { close(): Promise<unknown> };
  close(): Promise<void>;
}): Promise<void> {
  await app.getHttpAdapter().close();
  await app.close();
}
