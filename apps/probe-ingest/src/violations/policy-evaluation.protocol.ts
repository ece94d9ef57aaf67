import { type TelemetryReceivedDetails } from '@governance/contracts';
import { type EvaluatedPolicy, type ViolationCandidate } from './violation-decision';

/*
 * Messages between the violations service and its evaluation worker (policy-evaluation.worker.ts). Only
 * data crosses: rules travel as JSON and the worker checks and compiles them itself.
 */

/** A policy as the worker needs it: everything but its compiled rules. */
export type PolicyToEvaluate = Omit<EvaluatedPolicy, 'checked'>;

/** One telemetry batch to evaluate against one organization's policies, until `deadline` (epoch ms). */
export interface EvaluationJob {
  id: number;
  organizationId: string;
  /** The policies' ids and versions: the worker keeps the compiled set while they stay the same. */
  versions: string;
  policies: readonly PolicyToEvaluate[];
  batch: TelemetryReceivedDetails;
  deadline: number;
}

/** A candidate as it crosses: its policy named by id. */
export type CandidateFound = Omit<ViolationCandidate, 'policy'> & { policyId: string };

/**
 * Sent as the worker goes (whenever a record adds candidates, and at least every few milliseconds) and
 * once at the end (`done`): the candidates since the last message, and the records evaluated so far.
 */
export interface EvaluationProgress {
  id: number;
  evaluated: number;
  candidates: CandidateFound[];
  done: boolean;
}

/** The worker's first message, once its code is loaded. */
export const WORKER_READY = 'ready';

export function candidateFound({ policy, ...candidate }: ViolationCandidate): CandidateFound {
  return { ...candidate, policyId: policy.policy_id };
}
