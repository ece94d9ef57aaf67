export type { AssessmentResult, AssessmentSummary, ControlResult, Evidence, Verdict } from './engine.types';
export { type CompiledFramework, compileFramework } from './framework-compiler';
export { assessDocument } from './rule-based.assessor';
export { EngineFailure, type EngineThreadLimits, EngineThreads } from './engine-thread';
