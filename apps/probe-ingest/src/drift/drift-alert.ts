import { type DriftDetectedDetails } from '@governance/contracts';
import { type DetectionLayer, type DriftLevel, type WindowResult } from './metric-drift';

export type DriftSeverity = 'MEDIUM' | 'HIGH';
export type DriftScores = Pick<DriftDetectedDetails, 'drift_score' | 'baseline_score' | 'delta'>;

/** The alert a (system, layer) holds: the severity last announced, or null when armed. */
export type LayerAlert = DriftSeverity | null;

const RANK: Record<DriftLevel, number> = { none: 0, MEDIUM: 1, HIGH: 2 };

/** The level of a layer: the worst last-window level among its metrics. */
export function layerLevel(levels: readonly DriftLevel[]): DriftLevel {
  let worst: DriftLevel = 'none';
  for (const level of levels) if (RANK[level] > RANK[worst]) worst = level;
  return worst;
}

/**
 * Whether a (system, layer) announces drift, and what it remembers after. An armed layer fires at the
 * level it reaches, then stays quiet while drift persists, but for one escalation from MEDIUM to HIGH
 * (never back down, so wavering around the major threshold cannot repeat it). It re-arms only when all
 * its metrics fall back below the moderate threshold.
 */
export function decideAlert(
  current: LayerAlert,
  level: DriftLevel,
): { fire: DriftSeverity | null; next: LayerAlert } {
  switch (level) {
    case 'none':
      return { fire: null, next: null };
    case 'MEDIUM':
      return current === null ? { fire: 'MEDIUM', next: 'MEDIUM' } : { fire: null, next: current };
    case 'HIGH':
      return current === 'HIGH' ? { fire: null, next: 'HIGH' } : { fire: 'HIGH', next: 'HIGH' };
  }
}

function round(value: number, digits = 4): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)));
}

/** The numbers of a drift.detected event, rounded for people and for stable JSON. */
export function driftScores(window: WindowResult): DriftScores {
  const driftScore = round(window.driftScore);
  const baselineScore = round(window.baselineScore);
  return { drift_score: driftScore, baseline_score: baselineScore, delta: round(driftScore - baselineScore) };
}

/** Which metric moved and how, e.g. "output.toxicity drifted (PSI 0.84): mean 0.05 in the baseline, 0.23 …". */
export function describeDrift(metric: string, window: WindowResult, windowSize: number): string {
  const direction =
    window.windowMean > window.baselineMean
      ? 'up'
      : window.windowMean < window.baselineMean
        ? 'down'
        : 'flat';
  return (
    `${metric} drifted from its baseline (PSI ${formatNumber(window.driftScore)} against a noise floor of ` +
    `${formatNumber(window.baselineScore)}): mean ${formatNumber(window.baselineMean)} in the baseline, ` +
    `${formatNumber(window.windowMean)} over the last ${windowSize} values (${direction}).`
  );
}

const ACTIONS: Record<DetectionLayer, Record<DriftSeverity, string>> = {
  input: {
    MEDIUM:
      'Review a sample of recent inputs for a new user population, upstream data change or misuse, and watch the next windows.',
    HIGH: 'Inputs changed sharply: check the upstream data source and for abuse, and re-validate the system on current inputs before relying on its outputs.',
  },
  output: {
    MEDIUM:
      'Review a sample of recent outputs against your quality and safety criteria, and check for recent model or prompt changes.',
    HIGH: 'Outputs changed sharply: review recent outputs now, confirm whether the model, prompt or provider changed, and consider rolling back or tightening guardrails.',
  },
  performance: {
    MEDIUM: 'Check recent deployments, provider status and load; keep watching latency and resource metrics.',
    HIGH: 'Performance degraded sharply: check the provider and infrastructure, and consider failing over or scaling before users are affected.',
  },
};

export function recommendedAction(layer: DetectionLayer, severity: DriftSeverity): string {
  return ACTIONS[layer][severity];
}
