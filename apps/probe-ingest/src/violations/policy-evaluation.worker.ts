import { parentPort } from 'node:worker_threads';
import { CheckedConditionCache } from '@governance/policy-rules';
import {
  candidateFound,
  type CandidateFound,
  type EvaluationJob,
  type EvaluationProgress,
  WORKER_READY,
} from './policy-evaluation.protocol';
import { evaluateBatch, type PolicySet, policySet } from './violation-decision';

/*
 * The thread that evaluates telemetry against rule sets too costly to run on the event loop
 * (PolicyEvaluator). It stops between records at the job's deadline; the service terminates it when one
 * record runs past it.
 */

/** Organizations whose compiled sets stay here, as in ViolationsService. */
const SETS_KEPT = 1_000;
/** How often, at least, progress is reported while records match nothing. */
const PROGRESS_INTERVAL_MS = 20;

const rules = new CheckedConditionCache();
const sets = new Map<string, { versions: string; set: PolicySet }>();

function setOf(job: EvaluationJob): PolicySet {
  const kept = sets.get(job.organizationId);
  sets.delete(job.organizationId);
  const set =
    kept?.versions === job.versions
      ? kept.set
      : policySet(job.policies.map((policy) => ({ ...policy, checked: rules.get(policy) })));
  sets.set(job.organizationId, { versions: job.versions, set });
  if (sets.size > SETS_KEPT) sets.delete(sets.keys().next().value!);
  return set;
}

const port = parentPort!;
port.on('message', (job: EvaluationJob) => {
  let pending: CandidateFound[] = [];
  let reportedAt = Date.now();
  const report = (evaluated: number, done: boolean): void => {
    port.postMessage({ id: job.id, evaluated, candidates: pending, done } satisfies EvaluationProgress);
    pending = [];
    reportedAt = Date.now();
  };
  const { evaluated } = evaluateBatch(
    job.batch,
    setOf(job),
    () => Date.now() >= job.deadline,
    (evaluatedSoFar, added) => {
      for (const candidate of added) pending.push(candidateFound(candidate));
      if (added.length > 0 || Date.now() - reportedAt >= PROGRESS_INTERVAL_MS) report(evaluatedSoFar, false);
    },
  );
  report(evaluated, true);
});
port.postMessage(WORKER_READY);
