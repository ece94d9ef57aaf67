import { FRAMEWORKS } from '@governance/frameworks';
import { type ComplianceStatusResponse, type SummaryResponse } from '../summary/summary.dto';

export type Verdict = 'pass' | 'conditional' | 'fail';
type FrameworkStatus = ComplianceStatusResponse['data'][number];

/** The systems of one framework whose newest completed assessment gave one verdict, tallied in SQL. */
export interface VerdictTally {
  framework: string;
  verdict: string;
  systems: number;
  /** Sum of the scores that are known, and how many there are. */
  scoreSum: number;
  scored: number;
  lastAssessedAt: Date;
}

const RANK: Record<Verdict, number> = { fail: 0, conditional: 1, pass: 2 };

/** Verdicts other than the three known ones are treated as conditional: neither proven good nor bad. */
export function normalizeVerdict(verdict: string): Verdict {
  const lower = verdict.toLowerCase();
  return lower === 'pass' || lower === 'fail' ? lower : 'conditional';
}

/**
 * Compliance per framework: the WORST system's latest verdict, since an average would hide a failing
 * system behind passing ones, and the mean of their scores. Every catalog framework is listed
 * (not_assessed without a verdict), then any other framework seen in events, by key.
 */
export function aggregateCompliance(tallies: readonly VerdictTally[]): FrameworkStatus[] {
  const names = new Map<string, string>(FRAMEWORKS.map((framework) => [framework.key, framework.name]));
  const others = [...new Set(tallies.map((tally) => tally.framework))].filter((key) => !names.has(key));
  return [...names.keys(), ...others.sort()].map((key) => {
    const name = names.get(key) ?? key;
    // One row per verdict: few per framework, so a scan per framework costs nothing.
    const entries = tallies.filter((tally) => tally.framework === key && tally.systems > 0);
    if (entries.length === 0)
      return {
        framework: key,
        name,
        status: 'not_assessed',
        score: null,
        systems_assessed: 0,
        last_assessed_at: null,
      };
    const worst = entries
      .map((entry) => normalizeVerdict(entry.verdict))
      .reduce((a, b) => (RANK[b] < RANK[a] ? b : a));
    const sum = (of: (entry: VerdictTally) => number): number =>
      entries.reduce((total, entry) => total + of(entry), 0);
    const last = entries.reduce((a, b) => (b.lastAssessedAt > a.lastAssessedAt ? b : a)).lastAssessedAt;
    return {
      framework: key,
      name,
      status: worst,
      score: meanScore(entries),
      systems_assessed: sum((entry) => entry.systems),
      last_assessed_at: last.toISOString(),
    };
  });
}

/** The mean of the known scores the tallies hold, to four places; null when none is known. */
export function meanScore(tallies: readonly VerdictTally[]): number | null {
  const scored = tallies.reduce((total, tally) => total + tally.scored, 0);
  const scoreSum = tallies.reduce((total, tally) => total + tally.scoreSum, 0);
  return scored === 0 ? null : round(scoreSum / scored, 4);
}

export function countCompliance(statuses: readonly FrameworkStatus[]): SummaryResponse['compliance'] {
  const assessed = statuses.filter((status) => status.status !== 'not_assessed');
  return {
    frameworks_assessed: assessed.length,
    passing: assessed.filter((status) => status.status === 'pass').length,
    conditional: assessed.filter((status) => status.status === 'conditional').length,
    failing: assessed.filter((status) => status.status === 'fail').length,
  };
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
