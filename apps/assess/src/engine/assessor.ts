import { type AssessedDocument, type AssessmentResult } from './engine.types';
import { type CompiledFramework } from './framework-compiler';

/**
 * Assesses a document against a compiled framework. Asynchronous so that an assessor that calls out (a
 * model, a remote service) fits the same seam; the rule-based one answers at once.
 */
export interface Assessor {
  assess(document: AssessedDocument, framework: CompiledFramework): Promise<AssessmentResult>;
}
