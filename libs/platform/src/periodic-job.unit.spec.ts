import { createLogger } from './logger';
import { PeriodicJob } from './periodic-job';

/** A job whose runs follow a script: a number is what the run did, an Error is a failed run. */
class ScriptedJob extends PeriodicJob {
  runs = 0;

  constructor(
    private readonly script: Array<number | Error>,
    lines: string[],
    runAtStart = false,
  ) {
    const logger = createLogger('job-spec', 'warn', { write: (line: string) => lines.push(line) });
    super(logger, { name: 'scripted job', everyMs: 60_000, runAtStart });
  }

  protected work(): Promise<number> {
    const next = this.script[this.runs++] ?? 0;
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  }
}

describe('PeriodicJob', () => {
  it('logs a failed run with the job’s name, and the next run goes ahead', async () => {
    const lines: string[] = [];
    const job = new ScriptedJob([new Error('database away'), 3], lines);

    await expect(job.run()).resolves.toBe(0);
    await expect(job.run()).resolves.toBe(3);
    const logged = lines.map((line) => JSON.parse(line) as { level: string; job: string; msg: string });
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'warn',
        job: 'scripted job',
        msg: 'scripted job failed; the next run tries again',
      }),
    ]);
  });

  it('runs as the application starts when asked to, and not otherwise', async () => {
    const eager = new ScriptedJob([1], [], true);
    const lazy = new ScriptedJob([1], []);
    eager.onApplicationBootstrap();
    lazy.onApplicationBootstrap();
    await Promise.all([eager.beforeApplicationShutdown(), lazy.beforeApplicationShutdown()]);
    expect([eager.runs, lazy.runs]).toEqual([1, 0]);
  });
});
