import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { startTestPostgres } from './test-postgres';

const WORKSPACE = resolve(__dirname, '../../../..');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const serverPid = (dataDir: string) =>
  Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** A test run as a process of its own: it starts its PostgreSQL, says where, and waits to be killed. */
function startRun(): Promise<{ pid: number; dataDir: string }> {
  const script =
    "require('./libs/testing/src/jest/register-paths');" +
    "require('./libs/testing/src/jest/test-postgres').startTestPostgres()" +
    '.then((pg) => { console.log(JSON.stringify(pg.dataDir)); setInterval(() => {}, 1000); });';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', '-e', script], {
    cwd: WORKSPACE,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolveRun, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((entry) => entry.startsWith('"'));
      if (line) resolveRun({ pid: child.pid!, dataDir: JSON.parse(line) as string });
    });
    child.once('exit', (code) => reject(new Error(`the run exited (${code}) before its database was up`)));
  });
}

describe("the test run's PostgreSQL", () => {
  it('is stopped and its directory deleted when the run is killed without its teardown', async () => {
    const run = await startRun();
    const server = serverPid(run.dataDir);
    expect(alive(server)).toBe(true);

    process.kill(run.pid, 'SIGKILL');
    // The watcher polls twice a second, then stops the server at once.
    const deadline = Date.now() + 15_000;
    while ((alive(server) || existsSync(run.dataDir)) && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 100));
    expect({ serverRunning: alive(server), directoryLeft: existsSync(run.dataDir) }).toEqual({
      serverRunning: false,
      directoryLeft: false,
    });
  });

  it('answers queries until stopped, and leaves nothing behind once stopped', async () => {
    const pg = await startTestPostgres();
    const client = new Client({ connectionString: pg.url });
    await client.connect();
    expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.end();
    const server = serverPid(pg.dataDir);
    await pg.stop();
    expect({ serverRunning: alive(server), directoryLeft: existsSync(pg.dataDir) }).toEqual({
      serverRunning: false,
      directoryLeft: false,
    });
  });
});
