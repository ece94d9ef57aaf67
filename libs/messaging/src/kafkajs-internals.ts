import { createRequire } from 'node:module';

/** The kafkajs release our patches of its internals were written against (the last one). */
const PATCHED_VERSION = '2.2.4';

/**
 * `require` inside the installed kafkajs package, for patching its internals; undefined when the
 * installed version is not the one the patches know, which then leave it alone.
 */
export function kafkajsInternals(): ((path: string) => unknown) | undefined {
  const load = createRequire(createRequire(__filename).resolve('kafkajs'));
  const { version } = load('./package.json') as { version: string };
  return version === PATCHED_VERSION ? load : undefined;
}
