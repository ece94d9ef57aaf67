import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type ViolationCandidate } from './violation-decision';

/** A violation found in one organization's telemetry, with the id it is recorded under. */
export type NewViolation = ViolationCandidate & { violationId: string; organizationId: string };

/** All SQL on probe_ingest.violations. */
@Injectable()
export class ViolationRepository {
  /**
   * Inserts the violations not recorded yet (by organization, policy, probe and record) and returns the
   * ids of those inserted: only they are announced. One statement, one array per column.
   */
  async insertNew(manager: EntityManager, violations: readonly NewViolation[]): Promise<Set<string>> {
    if (violations.length === 0) return new Set();
    const column = <K extends keyof NewViolation>(key: K) => violations.map((violation) => violation[key]);
    const policies = column('policy');
    const rows = await manager.query<Array<{ violation_id: string }>>(
      `INSERT INTO probe_ingest.violations
           (violation_id, organization_id, policy_id, policy_version, probe_id, system_id, record_hash,
            input_hash, enforcement_mode, action_taken, severity, detected_by, probe_action, context,
            recorded_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[],
           $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[],
           $14::text[], $15::timestamptz[])
         ON CONFLICT (organization_id, policy_id, probe_id, record_hash) DO NOTHING
         RETURNING violation_id`,
      [
        column('violationId'),
        column('organizationId'),
        policies.map((policy) => policy.policy_id),
        policies.map((policy) => policy.version),
        column('probeId'),
        column('systemId'),
        column('recordHash'),
        column('inputHash'),
        policies.map((policy) => policy.enforcement_mode),
        column('actionTaken'),
        column('severity'),
        column('detectedBy'),
        column('probeAction'),
        column('context'),
        column('recordedAt'),
      ],
    );
    return new Set(rows.map((row) => row.violation_id));
  }
}
