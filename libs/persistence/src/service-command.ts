/** What `node dist/apps/<app>/main.js [command]` does: serve (no argument) or `migrate` and exit. */
export type ServiceCommand = 'serve' | 'migrate';

export function parseServiceCommand(args: readonly string[]): ServiceCommand {
  if (args.length === 0) return 'serve';
  if (args.length === 1 && args[0] === 'migrate') return 'migrate';
  // A typo must not start the service: a migration job would then never exit.
  throw new Error(`unknown arguments "${args.join(' ')}"; usage: main.js [migrate]`);
}
