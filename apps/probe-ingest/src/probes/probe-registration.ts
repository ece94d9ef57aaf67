import { type ProbeRow } from './probe.repository';

/** What a registration sets on a probe it finds again. */
export type RegistrationFields = Pick<ProbeRow, 'system_id' | 'runtime' | 'environment' | 'version'>;

/**
 * What a repeated registration changes. A field the probe leaves out keeps its value: a probe that
 * stops sending its runtime has not stopped having one. `changed` says whether probe.registered goes out again.
 */
export function mergeRegistration(
  existing: RegistrationFields,
  input: { system_id: string; runtime?: string; environment?: string; version?: string },
): { changed: boolean; fields: RegistrationFields } {
  const fields: RegistrationFields = {
    system_id: input.system_id,
    runtime: input.runtime ?? existing.runtime,
    environment: input.environment ?? existing.environment,
    version: input.version ?? existing.version,
  };
  const changed = (Object.keys(fields) as Array<keyof RegistrationFields>).some(
    (key) => fields[key] !== existing[key],
  );
  return { changed, fields };
}
