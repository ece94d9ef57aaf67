import { type PublicEventType, SEVERITIES, type Severity } from '@governance/contracts';

/** An activity entry as the read model keeps it: the public record's event, severity, system and details. */
export interface ActivityEntry {
  event: PublicEventType;
  severity: string;
  system_id: string | null;
  details: Record<string, unknown>;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The findings of one assessment shown as one entry: how many, how many of each severity, the highest. */
export interface FindingsGroup {
  count: number;
  bySeverity: Readonly<Record<Severity, number>>;
  severity: Severity;
}

/** SEVERITIES runs from the lowest; the group takes the highest severity it holds. */
export function findingsGroup(bySeverity: Readonly<Record<Severity, number>>): FindingsGroup {
  const held = SEVERITIES.filter((severity) => bySeverity[severity] > 0);
  return {
    count: SEVERITIES.reduce((sum, severity) => sum + bySeverity[severity], 0),
    bySeverity,
    severity: held[held.length - 1] ?? 'INFO',
  };
}

/** Whole minutes when over a minute, else seconds: "6 minutes", "45 seconds". */
export function describeDuration(seconds: number): string {
  if (seconds >= 120) return `${Math.round(seconds / 60)} minutes`;
  if (seconds >= 60) return '1 minute';
  const whole = Math.round(seconds);
  return `${whole} second${whole === 1 ? '' : 's'}`;
}

/**
 * A human sentence for one activity entry. `systemName` is the current name in the read model; without it
 * the name the event carried, then the system id, stand in, so a sentence never says "undefined".
 */
export function summarizeActivity(
  entry: ActivityEntry,
  systemName: string | null,
  findings?: FindingsGroup,
): string {
  const d = entry.details;
  const system = systemName ?? text(d['system_name']) ?? entry.system_id ?? 'the organization';
  switch (entry.event) {
    case 'policy.violated': {
      const policy = text(d['policy_name']) ?? text(d['policy_id']) ?? 'A policy';
      const action = text(d['action_taken']);
      const verb =
        action === 'blocked' || action === 'block'
          ? 'blocked a request'
          : action === 'warned' || action === 'warn'
            ? 'warned on a request'
            : `was violated${action ? ` (${action})` : ''}`;
      return `Policy '${policy}' ${verb} on ${system}`;
    }
    case 'drift.detected': {
      const layer = text(d['detection_layer']);
      const score = num(d['drift_score']);
      const facts = [score === undefined ? undefined : `PSI ${score.toFixed(2)}`, entry.severity]
        .filter(Boolean)
        .join(', ');
      return `${system} drifted${layer ? ` on the ${layer} layer` : ''} (${facts})`;
    }
    case 'probe.disconnected': {
      const probe = text(d['probe_name']) ?? text(d['probe_id']) ?? 'A probe';
      const silence = num(d['silence_duration_seconds']);
      return `Probe ${probe} disconnected${silence === undefined ? '' : ` after ${describeDuration(silence)} of silence`}`;
    }
    case 'assessment.complete': {
      const framework = text(d['framework']) ?? 'a framework';
      const verdict = text(d['verdict']) ?? 'complete';
      const score = num(d['score']);
      return `Assessment of ${system} against ${framework}: ${verdict}${score === undefined ? '' : ` (score ${score.toFixed(2)})`}`;
    }
    case 'finding.created': {
      if (findings && findings.count > 1) {
        const framework = text(d['framework']) ?? 'a framework';
        const parts = [...SEVERITIES]
          .reverse()
          .filter((severity) => findings.bySeverity[severity] > 0)
          .map((severity) => `${findings.bySeverity[severity]} ${severity.toLowerCase()}`);
        return `Assessment of ${system} against ${framework}: ${findings.count} findings (${parts.join(', ')})`;
      }
      const title = text(d['title']) ?? 'a finding';
      const control = text(d['control']);
      return `${entry.severity} finding on ${system}: ${title}${control ? ` (${control})` : ''}`;
    }
    case 'system.registered': {
      const declared = d['declared'] === true;
      const source = text(d['registration_source']);
      if (!declared) return `Shadow AI system ${system} discovered${source ? ` (${source})` : ''}`;
      return `System ${system} registered${source ? ` via ${source}` : ''}`;
    }
  }
}
