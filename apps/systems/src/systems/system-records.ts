import {
  newUuidV7,
  type PublicEventRecord,
  type SystemSnapshot,
  type SystemsEventRecord,
} from '@governance/contracts';
import { type SameKeys, type WithDates, withIsoDates } from '@governance/platform';
import { type SystemResponse } from './system.dto';

/** A row of systems.systems. */
export type SystemRow = WithDates<SystemResponse, 'created_at' | 'updated_at'> & { organization_id: string };

/** The row without its organization; the columns are selected in the response's order. */
export function toSystemResponse({ organization_id: _organizationId, ...system }: SystemRow): SystemResponse {
  return withIsoDates(system);
}

/** The public announcement of a new system; host and runtime are strings in the schema, "" when unknown. */
export function systemRegisteredEvent(row: SystemRow): PublicEventRecord<'system.registered'> {
  return {
    id: newUuidV7(),
    organization_id: row.organization_id,
    event: 'system.registered',
    timestamp: row.created_at.toISOString(),
    severity: 'INFO',
    system_id: row.id,
    details: {
      system_name: row.name,
      registration_source: row.registration_source,
      discovery_method: row.discovery_method,
      host: row.host ?? '',
      runtime: row.runtime ?? '',
      declared: row.declared,
    },
  };
}

/**
 * The snapshot other services replicate is the API's system under `system_id`: a field added to one and
 * not the other stops the build here, rather than reaching a consumer's contract check as a dead letter.
 */
export const SNAPSHOT_IS_THE_RESPONSE: SameKeys<
  Omit<SystemResponse, 'id'>,
  Omit<SystemSnapshot, 'system_id'>
> = true;

export function systemSnapshotEvent(
  event: 'system.created' | 'system.updated',
  row: SystemRow,
): SystemsEventRecord {
  const { id, ...system } = toSystemResponse(row);
  return {
    id: newUuidV7(),
    organization_id: row.organization_id,
    event,
    timestamp: row.updated_at.toISOString(),
    details: { system_id: id, ...system },
  };
}

export function registrationMergedEvent(
  organizationId: string,
  details: { requested_system_id: string; system_id: string; name: string },
  at: Date,
): SystemsEventRecord {
  return {
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'system.registration_merged',
    timestamp: at.toISOString(),
    details,
  };
}

/** `q` matches as a plain substring: LIKE's wildcards and escape in it are taken literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
