import { type AssessmentOptions, resolveAssessmentOptions } from './assessment-options';
import { summarise } from './assessment-verdict';
import { type Assessor } from './assessor';
import { evaluateControls } from './control-coverage';
import { readUnits } from './document-units';
import { type AssessedDocument, type AssessmentResult, type EngineFinding } from './engine.types';
import { type CompiledFramework } from './framework-compiler';
import { findOccurrences } from './term-matching';

/**
 * The whole assessment as one pure function: the same document, framework and options always give the
 * same result, in the framework's control order, with evidence in document order.
 */
export function assessDocument(
  document: AssessedDocument,
  framework: CompiledFramework,
  options: AssessmentOptions = resolveAssessmentOptions(),
): AssessmentResult {
  const units = readUnits(document.content);
  const occurrences = findOccurrences(units, framework);
  const controls = evaluateControls(framework, document.content, units, occurrences, options);
  const findings = controls.flatMap(
    ({ control_id, title, severity, status, missing_concepts }): EngineFinding[] =>
      status === 'met' ? [] : [{ control_id, title, severity, status, missing_concepts }],
  );
  return { framework: framework.key, controls, findings, summary: summarise(controls, options) };
}

/** Deterministic and explainable: every status traces to quoted sentences, or to their absence. */
export class RuleBasedAssessor implements Assessor {
  private readonly options: AssessmentOptions;

  constructor(options: Partial<AssessmentOptions> = {}) {
    this.options = resolveAssessmentOptions(options);
  }

  assess(document: AssessedDocument, framework: CompiledFramework): Promise<AssessmentResult> {
    // Inside the executor, so a thrown error rejects the promise instead of escaping synchronously.
    return new Promise((resolve) => resolve(assessDocument(document, framework, this.options)));
  }
}
