import { TELEMETRY_TEXT_LIMITS } from '@governance/contracts';
import { type CheckedCondition, type FieldRef } from './condition-code';
import { PATTERN_LIMITS } from './safe-pattern';

/**
 * The worst-case cost of evaluating a rule set on one telemetry record, in steps of about 16 ns on this
 * machine (docs/decisions/0007-policy-rule-cost-budget.md). re2js runs a pattern in time linear in the
 * text, but the factor is the size of its automaton when the text defeats its DFA cache: a `matches`
 * leaf costs (states + patternOverhead) steps per character of the longest text its field can hold, or
 * of the most a pattern anchored at the start can read (`^gpt-4`: 6). A
 * `contains` is a string search, about 4 ns per character; every other leaf a step.
 */
export const RULE_COST = {
  /** The most one record may cost; about 64 ms at 16 ns a step. */
  maxStepsPerRecord: 4_000_000,
  /** re2js's fixed work per character, in steps, whatever the pattern's size. */
  patternOverhead: 50,
  /** Characters a substring search goes through per step. */
  searchCharactersPerStep: 4,
} as const;

/** The longest text a field can hold in a record that probe ingest accepted; 0 for metrics. */
export function textLimit(field: FieldRef): number {
  switch (field.source) {
    case 'model':
      return TELEMETRY_TEXT_LIMITS.maxModelLength;
    case 'observed_endpoint':
      return TELEMETRY_TEXT_LIMITS.maxObservedEndpointLength;
    case 'labels':
      return TELEMETRY_TEXT_LIMITS.maxLabelValueLength;
    case 'metrics':
      return 0;
  }
}

/** The worst-case steps of one record through `condition`: the sum over its leaves (no short circuit). */
export function conditionSteps(condition: CheckedCondition): number {
  switch (condition.kind) {
    case 'all':
    case 'any':
      return condition.operands.reduce((sum, operand) => sum + conditionSteps(operand), 0);
    case 'not':
      return conditionSteps(condition.operand);
    case 'matches':
      return (
        (condition.test.states + RULE_COST.patternOverhead) *
        Math.min(textLimit(condition.field), PATTERN_LIMITS.maxTestedLength, condition.test.scannedLength)
      );
    case 'contains':
      return Math.max(1, Math.ceil(textLimit(condition.field) / RULE_COST.searchCharactersPerStep));
    case 'exists':
    case 'compare':
    case 'member':
      return 1;
  }
}

/** One leaf of a rule set with its JSON path and worst-case steps per record. */
export interface LeafCost {
  path: string;
  steps: number;
}

/**
 * What to say when leaves whose costs are `leaves` exceed the budget together: the whole at `path`, then
 * the costliest leaves, as many as must go (or be made cheaper) for the rest to fit; [] when they fit.
 */
export function costProblems(
  leaves: readonly LeafCost[],
  path: string,
  maxProblems: number,
): { field: string; message: string }[] {
  const total = leaves.reduce((sum, leaf) => sum + leaf.steps, 0);
  const budget = RULE_COST.maxStepsPerRecord;
  if (total <= budget) return [];
  const problems = [
    {
      field: path,
      message:
        `the rules may cost up to ${total.toLocaleString('en')} steps per telemetry record, over the budget of ` +
        `${budget.toLocaleString('en')}: make the costliest patterns below smaller (fewer or shorter repeats), or use fewer of them`,
    },
  ];
  let remaining = total;
  for (const leaf of [...leaves].sort((a, b) => b.steps - a.steps)) {
    if (remaining <= budget || problems.length >= maxProblems) break;
    remaining -= leaf.steps;
    problems.push({
      field: leaf.path,
      message: `may cost up to ${leaf.steps.toLocaleString('en')} steps per record (${Math.round((leaf.steps / budget) * 100)}% of the budget)`,
    });
  }
  return problems;
}
