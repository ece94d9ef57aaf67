export {
  type AssessmentOptions,
  DEFAULT_ASSESSMENT_OPTIONS,
  InvalidAssessmentOptionsError,
  resolveAssessmentOptions,
} from './assessment-options';
export { type Assessor } from './assessor';
export type {
  AssessedDocument,
  AssessmentResult,
  AssessmentSummary,
  ControlResult,
  ControlStatus,
  EngineControl,
  EngineEvidenceCue,
  EngineFinding,
  EngineFramework,
  Evidence,
  Verdict,
} from './engine.types';
export { type CompiledFramework, compileFramework, InvalidFrameworkError } from './framework-compiler';
export { assessDocument, RuleBasedAssessor } from './rule-based.assessor';
