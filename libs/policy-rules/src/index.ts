export {
  CONDITION_LIMITS,
  type ConditionRecord,
  type CompiledCondition,
  type ConditionProblem,
  InvalidCondition,
  validateCondition,
  compileCondition,
  CompiledConditionCache,
  type CachedRules,
} from './condition';
export { PATTERN_LIMITS, PatternRefused, compilePattern } from './safe-pattern';
export { EXPLANATION_LIMITS, explainMatch } from './match-explanation';
