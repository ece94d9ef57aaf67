import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { type Logger, readOrCreateLocalSecret } from '@governance/platform';
import { Client } from 'pg';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

/** Raised for every failure of the embedded database, with what went wrong and what to do about it. */
export class EmbeddedPostgresError extends Error {
  override readonly name = 'EmbeddedPostgresError';
}

interface Account {
  uid: number;
  gid: number;
}

/** Where the embedded database goes when, run as root, the `postgres` user cannot enter the project. */
const SHARED_ROOT = '/var/lib/governance-platform';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const NO_EMBEDDED = 'Or set DATABASE_URL to a PostgreSQL server of your own.';

/**
 * The PostgreSQL binaries the `embedded-postgres` package installs for this platform. We run them
 * ourselves: its wrapper (ESM only) cannot run binaries from anywhere else, stop a server a killed run
 * left behind, or say what went wrong, and it leaves spawn failures unhandled.
 */
function packagedBinaries(): string {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  try {
    // Resolved from this file's real location at run time, also inside a webpack bundle.
    return join(dirname(createRequire(__filename).resolve(name)), '..', 'native', 'bin');
  } catch {
    throw new EmbeddedPostgresError(
      `The PostgreSQL binaries for ${platform()}-${arch()} (${name}) are not installed. Run npm ci. ${NO_EMBEDDED}`,
    );
  }
}

/** `18.1` from `postgres (PostgreSQL) 18.1`; fails with advice when the binaries cannot run at all. */
function serverVersion(binaries: string): string {
  const probe = spawnSync(join(binaries, 'postgres'), ['--version'], { encoding: 'utf8' });
  const version = /\(PostgreSQL\) (\S+)/.exec(probe.stdout ?? '')?.[1];
  if (probe.status !== 0 || !version)
    throw new EmbeddedPostgresError(
      `The PostgreSQL binaries in ${binaries} do not run (${probe.error?.message ?? (probe.stderr || 'no version')}). ` +
        `Run npm ci. ${NO_EMBEDDED}`,
    );
  return version;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` user, created if missing. */
function postgresAccount(logger: Logger): Account | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0
      ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
      : undefined;
  };
  const found = lookup();
  if (found) return found;
  const added = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], {
    encoding: 'utf8',
  });
  const created = lookup();
  if (!created)
    throw new EmbeddedPostgresError(
      `PostgreSQL cannot run as root and there is no "postgres" user to run it as; creating one failed: ` +
        `${(added.stderr || added.error?.message || 'useradd not found').trim()}. ` +
        `Create it (useradd --system --user-group postgres) or run as another user. ${NO_EMBEDDED}`,
    );
  logger.info({ uid: created.uid }, 'created the "postgres" user to run the embedded PostgreSQL');
  return created;
}

/** True when `account` can enter `path` and read it, judged by the kernel itself. */
function reachable(account: Account, path: string): boolean {
  return spawnSync('/bin/sh', ['-c', 'test -x "$1" && test -r "$1"', 'sh', path], account).status === 0;
}

/** Copies `source` to `target` once, atomically, so concurrent starts never see a half-made copy. */
function copyOnce(source: string, target: string): void {
  if (existsSync(target)) return;
  mkdirSync(dirname(target), { recursive: true, mode: 0o755 });
  const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
  cpSync(source, partial, { recursive: true, verbatimSymlinks: true });
  try {
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
}

/**
 * The binaries, where `account` can run them. A clone inside a directory only root can enter (under
 * /root, or a private mktemp -d) keeps them out of the postgres user's reach: they are copied once
 * per PostgreSQL version to a shared, root-owned place it can read.
 */
function runnableBinaries(
  binaries: string,
  version: string,
  account: Account | undefined,
  sharedRoot: string,
  logger: Logger,
): string {
  if (!account || reachable(account, join(binaries, 'postgres'))) return binaries;
  const target = join(sharedRoot, `postgres-${version}`);
  try {
    copyOnce(resolve(binaries, '..'), target);
  } catch (error) {
    throw new EmbeddedPostgresError(
      `The postgres user cannot reach ${binaries}, and copying the binaries to ${target} failed ` +
        `(${(error as Error).message}). Make the project directory enterable by others (chmod o+x on ` +
        `each parent), or make ${sharedRoot} writable. ${NO_EMBEDDED}`,
    );
  }
  logger.info({ from: binaries, to: target }, 'the postgres user cannot reach the project; using a copy');
  return join(target, 'bin');
}

/**
 * The cluster's directory, owned by `account`. When the postgres user cannot enter the project, the
 * cluster lives under SHARED_ROOT and `<dataDir>/postgres` is a symlink to it, so it still shows under
 * the data directory and deleting that directory starts afresh.
 */
function clusterDirectory(
  dataDir: string,
  account: Account | undefined,
  sharedRoot: string,
  logger: Logger,
): string {
  const inProject = join(dataDir, 'postgres');
  const linked = lstatSync(inProject, { throwIfNoEntry: false })?.isSymbolicLink();
  let cluster = linked ? resolve(dataDir, readlinkSync(inProject)) : inProject;
  if (account && !linked && !reachable(account, dataDir)) {
    cluster = join(sharedRoot, 'clusters', randomBytes(8).toString('hex'));
    try {
      mkdirSync(dirname(cluster), { recursive: true, mode: 0o755 });
      mkdirSync(cluster, { mode: 0o700 });
      symlinkSync(cluster, inProject);
    } catch (error) {
      throw new EmbeddedPostgresError(
        `The postgres user cannot enter ${dataDir}, and placing the database in ${cluster} failed ` +
          `(${(error as Error).message}). Set DATA_DIR to a directory others can enter. ${NO_EMBEDDED}`,
      );
    }
    logger.warn(
      { data_dir: dataDir, cluster },
      'the postgres user cannot enter the data directory; the database lives in the linked directory',
    );
  }
  mkdirSync(cluster, { recursive: true, mode: 0o700 });
  if (account) chownSync(cluster, account.uid, account.gid);
  return cluster;
}

/** English messages: readiness and failures are recognised by their words. */
const PG_ENV = { PATH: process.env.PATH ?? '', LC_MESSAGES: 'C', LANG: 'C' };

function lastLines(output: string, count = 4): string {
  return output.trim().split('\n').slice(-count).join(' | ') || 'no output';
}

/** What to do about the most common reasons PostgreSQL does not come up. */
function adviceFor(output: string, port: number, cluster: string): string {
  if (/could not bind|Address already in use/i.test(output))
    return `Port ${port} is taken: stop what uses it, or set EMBEDDED_POSTGRES_PORT to a free port.`;
  if (/lock file .* already exists/i.test(output))
    return `Another PostgreSQL is running on ${cluster}: stop it (or the npm start that owns it) first.`;
  if (/Permission denied/i.test(output))
    return `The postgres user cannot use ${cluster}: give it ownership of that directory.`;
  if (/No space left/i.test(output)) return 'The disk is full: free some space.';
  return `See the log above; deleting ${cluster} starts an empty database.`;
}

/**
 * A PostgreSQL left running by a run that was killed holds the cluster's lock; it is stopped first. One
 * whose parent is still a live Node process belongs to a running instance, and is left alone.
 */
async function stopLeftover(cluster: string, logger: Logger): Promise<void> {
  const lock = join(cluster, 'postmaster.pid');
  if (!existsSync(lock)) return;
  const [pidLine, dirLine] = readFileSync(lock, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || resolve(dirLine ?? '') !== resolve(cluster) || !alive(pid))
    return;
  const owner = parentOf(pid);
  if (owner !== undefined && owner.command === 'node')
    throw new EmbeddedPostgresError(
      `The embedded database in ${cluster} is in use by another running instance (process ${owner.pid}). ` +
        `Stop that one first, or give this one its own DATA_DIR and EMBEDDED_POSTGRES_PORT.`,
    );
  logger.warn({ pid, cluster }, 'stopping a PostgreSQL left running by an earlier run');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (alive(pid) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
}

/** The parent of `pid` and the name of its executable, from /proc; undefined where /proc does not tell. */
function parentOf(pid: number): { pid: number; command: string } | undefined {
  try {
    // The command name sits in parentheses and may hold spaces; the parent's pid follows the state.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    // The executable, not the process title, which Node programs may change.
    return { pid: parent, command: basename(readlinkSync(`/proc/${parent}/exe`)) };
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function startServer(
  binaries: string,
  cluster: string,
  port: number,
  settings: readonly string[],
  account: Account | undefined,
  logger: Logger,
): Promise<ChildProcess> {
  return new Promise((resolvePromise, reject) => {
    // Its own process group: Ctrl-C reaches the services, which drain and then stop PostgreSQL last.
    const child = spawn(
      join(binaries, 'postgres'),
      // TCP on loopback only: no socket directory the postgres user might not be able to write.
      [
        '-D',
        cluster,
        '-p',
        String(port),
        ...['listen_addresses=127.0.0.1', 'unix_socket_directories=', ...settings].flatMap((setting) => [
          '-c',
          setting,
        ]),
      ],
      { ...account, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: PG_ENV },
    );
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(`did not become ready within ${READY_TIMEOUT_MS / 1000} s`);
    }, READY_TIMEOUT_MS);
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(
        new EmbeddedPostgresError(
          `The embedded PostgreSQL ${why}: ${lastLines(output)}. ${adviceFor(output, port, cluster)} ${NO_EMBEDDED}`,
        ),
      );
    };
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      logger.debug({ component: 'embedded-postgres' }, text.trim());
      if (text.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolvePromise(child);
      }
    });
    child.once('error', (error) => fail(`could not start (${error.message})`));
    child.once('exit', (code, signal) => fail(`exited (${signal ?? `exit ${code}`})`));
  });
}

/**
 * Starts the PostgreSQL that the embedded mode keeps under `<dataDir>/postgres`. The cluster is created
 * on first start and reused afterwards; its password is generated once and kept beside it.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  logger: Logger;
  /** The binaries to run; those of the installed `embedded-postgres` package by default. */
  binaries?: string;
  /** Root-owned place for binaries and cluster the postgres user could not reach; SHARED_ROOT by default. */
  sharedRoot?: string;
  /** PostgreSQL's max_connections; its own default (100) unless given. */
  maxConnections?: number;
}): Promise<RunningPostgres> {
  const { logger, port } = options;
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const password = readOrCreateLocalSecret(join(dataDir, 'postgres-password'), () =>
    randomBytes(18).toString('base64url'),
  ).value;
  const account = postgresAccount(logger);
  const sharedRoot = options.sharedRoot ?? SHARED_ROOT;
  const packaged = options.binaries ?? packagedBinaries();
  const binaries = runnableBinaries(packaged, serverVersion(packaged), account, sharedRoot, logger);
  const cluster = clusterDirectory(dataDir, account, sharedRoot, logger);

  const fresh = !existsSync(join(cluster, 'PG_VERSION'));
  if (fresh) {
    // initdb reads the password from a file; it sits in the cluster's parent only for this call.
    const passwordFile = join(dirname(cluster), `.pg-password-${randomBytes(6).toString('hex')}`);
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (account) chownSync(passwordFile, account.uid, account.gid);
    const args = [
      `--pgdata=${cluster}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
    ];
    const initdb = spawnSync(join(binaries, 'initdb'), args, { ...account, env: PG_ENV, encoding: 'utf8' });
    rmSync(passwordFile, { force: true });
    if (initdb.status !== 0) {
      const why =
        initdb.error?.message ?? `${initdb.signal ?? `exit ${initdb.status}`}: ${lastLines(initdb.stderr)}`;
      throw new EmbeddedPostgresError(
        `Creating the embedded PostgreSQL cluster (initdb) failed (${why}). ${NO_EMBEDDED}`,
      );
    }
  } else {
    await stopLeftover(cluster, logger);
  }

  const settings = options.maxConnections ? [`max_connections=${options.maxConnections}`] : [];
  const server = await startServer(binaries, cluster, port, settings, account, logger);
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  const stopOnExit = () => server.kill('SIGINT');
  process.once('exit', stopOnExit);
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  // On every start, not only after initdb: a start that died between the two (the port was taken) left a
  // cluster without the database.
  const client = new Client({ connectionString: `${base}/postgres` });
  await client.connect();
  await client
    .query<{ exists: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'governance') AS exists`,
    )
    .then(async ({ rows }) => {
      if (!rows[0]?.exists) await client.query('CREATE DATABASE governance');
    })
    .finally(() => client.end());
  logger.info({ port, dir: cluster }, 'embedded PostgreSQL started');
  return {
    url: `${base}/governance`,
    stop: async () => {
      process.off('exit', stopOnExit);
      if (server.exitCode !== null || server.signalCode !== null) return;
      // Fast shutdown: sessions are ended and the cluster is left consistent.
      server.kill('SIGINT');
      const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
