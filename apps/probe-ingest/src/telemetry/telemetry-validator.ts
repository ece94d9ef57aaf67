import { type FieldProblem } from '@governance/platform';
import { type TelemetryRecord } from '@governance/contracts';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { isDateTime } from './date-time';
import { TELEMETRY_BATCH_SCHEMA } from './telemetry-schema';

export interface TelemetryBatch {
  probe_id: string;
  records: TelemetryRecord[];
}

export type TelemetryValidation =
  { ok: true; batch: TelemetryBatch } | { ok: false; problems: FieldProblem[] };

/** A batch of 1000 bad records would list thousands of problems; the first ones are enough to fix it. */
const MAX_PROBLEMS = 20;

/** `/records/3/metrics/latency_ms` → `records[3].metrics.latency_ms`. */
export function fieldPath(instancePath: string, child?: string): string {
  const segments = instancePath === '' ? [] : instancePath.slice(1).split('/');
  if (child !== undefined) segments.push(child);
  let path = '';
  for (const raw of segments) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(segment)) path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path === '' ? 'body' : path;
}

/** Ajv's error, in words an API client reads, on the field it concerns. */
function toFieldProblem(error: ErrorObject): FieldProblem {
  const params = error.params as Record<string, unknown>;
  const at = (child?: string) => fieldPath(error.instancePath, child);
  switch (error.keyword) {
    case 'required':
      return { field: at(String(params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { field: at(String(params.additionalProperty)), message: 'is not an allowed field' };
    case 'type': {
      const type = String(params.type);
      return { field: at(), message: `must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}` };
    }
    case 'propertyNames': {
      // The name may be as long as the body; a prefix identifies it.
      const name = String(params.propertyName);
      const field = at(name.length > 140 ? `${name.slice(0, 140)}…` : name);
      return { field, message: 'is not an allowed name (1 to 128 printable characters)' };
    }
    case 'format':
      return { field: at(), message: 'must be an ISO 8601 date-time with a time zone' };
    case 'pattern':
      return { field: at(), message: patternMessage(error.instancePath) };
    case 'enum':
      return { field: at(), message: `must be one of ${(params.allowedValues as unknown[]).join(', ')}` };
    default:
      return { field: at(), message: error.message ?? 'is invalid' };
  }
}

function patternMessage(instancePath: string): string {
  if (instancePath.endsWith('/input_hash')) return 'must be "sha256:" followed by 64 lowercase hex digits';
  if (instancePath.endsWith('/system_id')) return 'must be a system id (sys_...)';
  if (instancePath.endsWith('/policy_id')) return 'must be a policy id (pol_...)';
  if (instancePath === '/probe_id') return 'must be a probe id (prb_...)';
  return 'must not contain control characters';
}

/**
 * The telemetry batch schema compiled once. The hottest route takes its body as a plain object and
 * validates it here, since Ajv is far faster than DTOs through the RequestValidationPipe (bench:validation).
 */
export class TelemetryValidator {
  private readonly validateBatch: ValidateFunction<TelemetryBatch>;

  constructor() {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: false });
    ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
    this.validateBatch = ajv.compile<TelemetryBatch>(TELEMETRY_BATCH_SCHEMA);
  }

  validate(body: unknown): TelemetryValidation {
    if (this.validateBatch(body)) return { ok: true, batch: body };
    const problems: FieldProblem[] = [];
    const seen = new Set<string>();
    for (const error of this.validateBatch.errors ?? []) {
      // propertyNames reports the name's own failure too, at the same path; the propertyNames one says more.
      if (error.propertyName !== undefined && error.keyword !== 'propertyNames') continue;
      const problem = toFieldProblem(error);
      const key = `${problem.field}\u0000${problem.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(problem);
      if (problems.length >= MAX_PROBLEMS) break;
    }
    return { ok: false, problems };
  }
}
