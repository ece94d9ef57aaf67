export {
  CONDITION_LIMITS,
  type CompiledCondition,
  type ConditionProblem,
  InvalidCondition,
  validateCondition,
  checkCondition,
  compileCondition,
  CheckedConditionCache,
  type CachedRules,
} from './condition';
export {
  type CheckedCondition,
  type ConditionRecord,
  type ConditionSetMatcher,
  compileConditionSet,
} from './condition-code';
export { PATTERN_LIMITS, PatternRefused, type PatternTest, compilePattern } from './safe-pattern';
export { RULE_COST, conditionSteps } from './rule-cost';
export { EXPLANATION_LIMITS, explainMatch } from './match-explanation';
