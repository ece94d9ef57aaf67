import { FRAMEWORKS } from '@governance/frameworks';
import { type ComplianceStatusResponse, type SummaryResponse } from '../summary/summary.dto';

export type Verdict = 'pass' | 'conditional' | 'fail';
type FrameworkStatus = ComplianceStatusResponse['data'][number];

/**
 * The systems of one framework whose newest completed assessment gave one verdict, tallied: the read
 * model sums them in SQL, since a big organization has tens of thousands of (system, framework) heads.
 */
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
 * Compliance per framework. Rule: a framework's status is its WORST system's latest verdict (one failing
 * system makes the framework fail; all passing makes it pass), because a badge that averages would hide a
 * non-compliant system behind compliant ones. Its score is the mean of those systems' latest scores.
 * Every catalog framework is listed (not_assessed when no system has a verdict), then any other framework
 * seen in events, by key.
 */
export function aggregateCompliance(tallies: readonly VerdictTally[]): FrameworkStatus[] {
  const byFramework = new Map<string, VerdictTally[]>();
  for (const tally of tallies) {
    const entries = byFramework.get(tally.framework);
    if (entries) entries.push(tally);
    else byFramework.set(tally.framework, [tally]);
  }
  const known = FRAMEWORKS.map((framework) => ({ key: framework.key, name: framework.name }));
  const knownKeys = new Set<string>(known.map((framework) => framework.key));
  const others = [...byFramework.keys()]
    .filter((key) => !knownKeys.has(key))
    .sort()
    .map((key) => ({ key, name: key }));
  return [...known, ...others].map(({ key, name }) => {
    const entries = (byFramework.get(key) ?? []).filter((entry) => entry.systems > 0);
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
    const scored = entries.reduce((sum, entry) => sum + entry.scored, 0);
    const scoreSum = entries.reduce((sum, entry) => sum + entry.scoreSum, 0);
    const last = entries.reduce((a, b) => (b.lastAssessedAt > a.lastAssessedAt ? b : a)).lastAssessedAt;
    return {
      framework: key,
      name,
      status: worst,
      score: scored === 0 ? null : round(scoreSum / scored, 4),
      systems_assessed: entries.reduce((sum, entry) => sum + entry.systems, 0),
      last_assessed_at: last.toISOString(),
    };
  });
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
