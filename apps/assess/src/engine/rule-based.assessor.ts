import { type AssessmentOptions, resolveAssessmentOptions } from './assessment-options';
import { summarise } from './assessment-verdict';
import { evaluateControls } from './control-coverage';
import { readUnits } from './document-units';
import { type AssessedDocument, type AssessmentResult } from './engine.types';
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
  return { framework: framework.key, controls, summary: summarise(controls, options) };
}
