import { type ProbeRegistrationFields, type ProbeRow } from './probe.repository';

export interface RegistrationInput {
  systemId: string;
  runtime?: string;
  environment?: string;
  version?: string;
}

/**
 * What a repeated registration changes. A field the probe leaves out keeps its value: a probe that
 * stops sending its runtime has not stopped having one. `changed` says whether probe.registered goes out again.
 */
export function mergeRegistration(
  existing: Pick<ProbeRow, 'system_id' | 'runtime' | 'environment' | 'version'>,
  input: RegistrationInput,
): { changed: boolean; fields: ProbeRegistrationFields } {
  const fields: ProbeRegistrationFields = {
    systemId: input.systemId,
    runtime: input.runtime ?? existing.runtime,
    environment: input.environment ?? existing.environment,
    version: input.version ?? existing.version,
  };
  const changed =
    fields.systemId !== existing.system_id ||
    fields.runtime !== existing.runtime ||
    fields.environment !== existing.environment ||
    fields.version !== existing.version;
  return { changed, fields };
}
