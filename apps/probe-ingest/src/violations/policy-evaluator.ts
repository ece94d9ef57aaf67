import { Worker } from 'node:worker_threads';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { type TelemetryReceivedDetails } from '@governance/contracts';
import { counter, LOGGER, type Logger, workerScript } from '@governance/platform';
import { PROBE_INGEST_CONFIG, type ProbeIngestConfig } from '../config';
import {
  type CandidateFound,
  type EvaluationJob,
  type EvaluationProgress,
  WORKER_READY,
} from './policy-evaluation.protocol';
import {
  type BatchEvaluation,
  evaluateBatch,
  evaluationPlace,
  type PolicySet,
  type ViolationCandidate,
} from './violation-decision';

/** A worker that has not loaded its code by then is given up on, and its batch skipped. */
const WORKER_START_TIMEOUT_MS = 30_000;
/** The worker's heap: a batch is at most 1 MiB of text, and re2js keeps 64 KB of DFA per pattern. */
const WORKER_HEAP_MB = 256;

const evaluations = counter({
  name: 'probe_policy_evaluations_total',
  help: 'Telemetry batches evaluated against policies, by where: inline (cheap rule sets) or worker',
  labelNames: ['service', 'where'],
});
const skippedRecords = counter({
  name: 'probe_policy_records_skipped_total',
  help: 'Telemetry records not evaluated against policies, by reason: time_budget or worker_failed',
  labelNames: ['service', 'reason'],
});
const SERVICE = 'probe-ingest';

/** What evaluating one batch gave, and how many of its records were skipped and why. */
export interface PolicyEvaluation extends BatchEvaluation {
  skipped: number;
  skipReason?: 'time_budget' | 'worker_failed';
}

/**
 * Evaluates a telemetry batch against an organization's policy set where it cannot stall the service:
 * inline when its worst case is small, else in a worker thread with a time budget per batch. The worker
 * stops between records at the deadline, and is terminated when a record runs past it (and started again
 * for the next batch); records not evaluated in time are skipped, counted and logged, never retried.
 */
@Injectable()
export class PolicyEvaluator implements OnModuleDestroy {
  private worker?: Promise<Worker>;
  private running?: Worker;
  /** Jobs run one at a time, each with its own budget. */
  private queue: Promise<unknown> = Promise.resolve();
  private nextJobId = 1;
  private readonly budgetMs: number;

  constructor(
    @Inject(PROBE_INGEST_CONFIG) config: ProbeIngestConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.budgetMs = config.policies.evaluationBudgetMs;
  }

  async evaluate(
    organizationId: string,
    versions: string,
    set: PolicySet,
    batch: TelemetryReceivedDetails,
  ): Promise<PolicyEvaluation> {
    const where = evaluationPlace(set, batch.records.length);
    evaluations.inc({ service: SERVICE, where });
    if (where === 'inline') return { ...evaluateBatch(batch, set), skipped: 0 };
    const run = this.queue.then(() => this.inWorker(organizationId, versions, set, batch));
    this.queue = run.catch(() => undefined);
    const evaluation = await run;
    if (evaluation.skipped > 0) {
      skippedRecords.inc({ service: SERVICE, reason: evaluation.skipReason! }, evaluation.skipped);
      this.logger.warn(
        {
          organization_id: organizationId,
          probe_id: batch.probe_id,
          records: batch.records.length,
          evaluated: evaluation.evaluated,
          skipped: evaluation.skipped,
          reason: evaluation.skipReason,
          budget_ms: this.budgetMs,
        },
        'telemetry records skipped by policy evaluation',
      );
    }
    return evaluation;
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker.catch(() => undefined))?.terminate();
  }

  private async inWorker(
    organizationId: string,
    versions: string,
    set: PolicySet,
    batch: TelemetryReceivedDetails,
  ): Promise<PolicyEvaluation> {
    let worker: Worker;
    try {
      worker = await this.started();
    } catch (error) {
      this.logger.error({ error }, 'the policy evaluation worker did not start');
      return { candidates: [], evaluated: 0, skipped: batch.records.length, skipReason: 'worker_failed' };
    }
    const byId = new Map(set.policies.map((policy) => [policy.policy_id, policy]));
    const job: EvaluationJob = {
      id: this.nextJobId++,
      organizationId,
      versions,
      policies: set.policies.map(({ checked: _checked, ...policy }) => policy),
      batch,
      deadline: Date.now() + this.budgetMs,
    };
    return new Promise((resolve) => {
      const candidates: ViolationCandidate[] = [];
      let evaluated = 0;
      const finish = (failure?: 'time_budget' | 'worker_failed'): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        const skipped = batch.records.length - evaluated;
        resolve({
          candidates,
          evaluated,
          skipped,
          ...(skipped > 0 ? { skipReason: failure ?? 'time_budget' } : {}),
        });
      };
      const onMessage = (progress: EvaluationProgress): void => {
        if (progress.id !== job.id) return;
        for (const found of progress.candidates) candidates.push(withPolicy(found, byId));
        evaluated = progress.evaluated;
        if (progress.done) finish();
      };
      const onExit = (): void => {
        this.forget(worker);
        finish('worker_failed');
      };
      // The worker stops between records at the deadline; a record still running a little later is cut off.
      const timer = setTimeout(
        () => {
          this.forget(worker);
          void worker.terminate();
          finish('time_budget');
        },
        this.budgetMs + Math.max(50, this.budgetMs / 10),
      );
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.postMessage(job);
    });
  }

  private started(): Promise<Worker> {
    this.worker ??= new Promise<Worker>((resolve, reject) => {
      const { filename, execArgv } = workerScript(__dirname, 'policy-evaluation.worker');
      const worker = new Worker(filename, {
        execArgv,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      });
      worker.unref();
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error(`it did not load within ${WORKER_START_TIMEOUT_MS} ms`));
      }, WORKER_START_TIMEOUT_MS);
      worker.once('message', (message) => {
        clearTimeout(timer);
        if (message !== WORKER_READY) return reject(new Error('it sent something before it was ready'));
        this.running = worker;
        resolve(worker);
      });
      // Out of memory, or a failure to load; the job it was running ends on 'exit'.
      worker.on('error', (error: Error) => {
        clearTimeout(timer);
        this.logger.error({ error }, 'the policy evaluation worker failed');
        reject(error);
      });
    });
    const starting = this.worker;
    starting.catch(() => {
      if (this.worker === starting) this.worker = undefined;
    });
    return starting;
  }

  /** The next job starts a new worker. */
  private forget(worker: Worker): void {
    if (this.running !== worker) return;
    this.running = undefined;
    this.worker = undefined;
  }
}

function withPolicy(
  found: CandidateFound,
  byId: ReadonlyMap<string, PolicySet['policies'][number]>,
): ViolationCandidate {
  const { policyId, ...candidate } = found;
  return { ...candidate, policy: byId.get(policyId)! };
}
