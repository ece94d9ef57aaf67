// Ends the test run's PostgreSQL when the run itself dies without its teardown (SIGKILL, a crash, a closed
// terminal): PostgreSQL has no parent-death signal and would otherwise run, and fill /tmp, for good.
// Usage: node reap-orphaned-postgres.mjs <pid of the jest process> <data directory>
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const [watched, dataDir] = [Number(process.argv[2]), process.argv[3]];
const POLL_MS = 500;
const STOP_WAIT_MS = 10_000;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function serverPid() {
  const lock = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(lock)) return undefined;
  const pid = Number(readFileSync(lock, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function reap() {
  const server = serverPid();
  if (server !== undefined && alive(server)) {
    // Immediate shutdown: the cluster is thrown away next.
    process.kill(server, 'SIGQUIT');
    const deadline = Date.now() + STOP_WAIT_MS;
    while (alive(server) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
    if (alive(server)) process.kill(server, 'SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
}

const timer = setInterval(() => {
  // The teardown removed the directory: the run ended as it should.
  if (!existsSync(dataDir)) process.exit(0);
  if (alive(watched)) return;
  clearInterval(timer);
  void reap().finally(() => process.exit(0));
}, POLL_MS);
