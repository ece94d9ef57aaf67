import { validateCondition } from '@governance/policy-rules';
import { SEVERITIES } from '@governance/contracts';
import { type FrameworkKey } from './catalog';
import { type Framework } from './framework';

/** Bounds on evidence cues: enough concepts to separate documents, few enough to stay specific. */
const CUES_PER_CONTROL = { min: 2, max: 4 } as const;
const TERMS_PER_CUE = { min: 3, max: 12 } as const;
const MAX_REPORTED_PROBLEMS = 20;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0;

function checkStrings(obj: Json, keys: readonly string[], path: string, problems: string[]): void {
  for (const key of keys) {
    if (!isNonEmptyString(obj[key])) problems.push(`${path}.${key} must be a non-empty string`);
  }
}

function checkSeverity(value: unknown, path: string, problems: string[]): void {
  if (!(SEVERITIES as readonly unknown[]).includes(value))
    problems.push(`${path}.severity must be one of ${SEVERITIES.join(', ')}`);
}

function checkCue(cue: unknown, path: string, problems: string[]): void {
  if (!isObject(cue)) return void problems.push(`${path} must be an object`);
  if (!isNonEmptyString(cue.concept)) problems.push(`${path}.concept must be a non-empty string`);
  if (typeof cue.weight !== 'number' || !(cue.weight > 0))
    problems.push(`${path}.weight must be a positive number`);
  for (const flag of ['negation_satisfies', 'scope_condition'] as const) {
    if (cue[flag] !== undefined && typeof cue[flag] !== 'boolean')
      problems.push(`${path}.${flag} must be true or false when present`);
  }
  if (cue.negation_satisfies === true && cue.scope_condition === true)
    problems.push(`${path} cannot be both negation_satisfies and scope_condition`);
  const terms = cue.terms;
  if (
    !Array.isArray(terms) ||
    terms.length < TERMS_PER_CUE.min ||
    terms.length > TERMS_PER_CUE.max ||
    !terms.every((term) => isNonEmptyString(term) && term === term.toLowerCase() && term === term.trim())
  ) {
    problems.push(
      `${path}.terms must be ${TERMS_PER_CUE.min} to ${TERMS_PER_CUE.max} trimmed lowercase strings`,
    );
  } else if (new Set(terms).size !== terms.length) {
    problems.push(`${path}.terms repeats a term`);
  }
}

function checkControl(raw: unknown, path: string, problems: string[]): void {
  if (!isObject(raw)) return void problems.push(`${path} must be an object`);
  checkStrings(raw, ['id', 'title', 'requirement', 'remediation'], path, problems);
  checkSeverity(raw.severity, path, problems);
  const cues = raw.evidence_cues;
  if (!Array.isArray(cues) || cues.length < CUES_PER_CONTROL.min || cues.length > CUES_PER_CONTROL.max)
    problems.push(`${path}.evidence_cues must list ${CUES_PER_CONTROL.min} to ${CUES_PER_CONTROL.max} cues`);
  else cues.forEach((cue: unknown, i) => checkCue(cue, `${path}.evidence_cues[${i}]`, problems));
  const policy = raw.runtime_policy;
  if (policy === undefined) return;
  if (!isObject(policy)) return void problems.push(`${path}.runtime_policy must be an object`);
  checkStrings(policy, ['name', 'description'], `${path}.runtime_policy`, problems);
  checkSeverity(policy.severity, `${path}.runtime_policy`, problems);
  // The same rules a policy made from the template must pass.
  for (const problem of validateCondition(policy.rules, `${path}.runtime_policy.rules`))
    problems.push(`${problem.field} ${problem.message}`);
}

/**
 * Checks one framework data file against the types and returns it typed. Throws one error that
 * names the file and lists every problem found, so a bad edit fails at start-up with a usable message.
 */
export function parseFramework(raw: unknown, file: string, expectedKey: FrameworkKey): Framework {
  const problems: string[] = [];
  if (!isObject(raw)) {
    problems.push('the file must hold one JSON object');
  } else {
    checkStrings(raw, ['name', 'short_name', 'version', 'description', 'source'], 'framework', problems);
    if (raw.key !== expectedKey)
      problems.push(`framework.key must be ${expectedKey} (got ${JSON.stringify(raw.key)})`);
    // finding.created's `control` (`<KEY>:<id>`) is published with this pattern.
    if (!/^[A-Z0-9_]+$/.test(expectedKey))
      problems.push(`framework.key must be upper case letters, digits and _ (got ${expectedKey})`);
    if (typeof raw.revision !== 'string' || !/^\d+\.\d+\.\d+$/.test(raw.revision))
      problems.push('framework.revision must be a semver string such as 1.0.0');
    const controls = raw.controls;
    if (!Array.isArray(controls) || controls.length === 0) {
      problems.push('framework.controls must be a non-empty list');
    } else {
      const ids = new Set<unknown>();
      controls.forEach((control: unknown, i) => {
        checkControl(control, `controls[${i}]`, problems);
        const id = isObject(control) ? control.id : undefined;
        if (ids.has(id)) problems.push(`control id ${JSON.stringify(id)} appears more than once`);
        ids.add(id);
      });
    }
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_REPORTED_PROBLEMS);
    const more = problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : '';
    throw new Error(`Invalid framework data in ${file}:\n  - ${shown.join('\n  - ')}${more}`);
  }
  return raw as Framework;
}
