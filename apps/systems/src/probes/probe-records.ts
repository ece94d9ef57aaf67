import {
  type ProbeHeartbeatDetails,
  type ProbeRegisteredDetails,
  type SystemRegistrationRequestedDetails,
} from '@governance/contracts';
import { FIELD_MAX_LENGTH, NAME_MAX_LENGTH } from '../systems/system-limits';

/** A registration probe ingest asked for, cleaned to what the systems table accepts. */
export type RegistrationRequest = Omit<SystemRegistrationRequestedDetails, 'probe_id'>;

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Text from another service is cleaned rather than refused: a probe's odd host name must not keep its
 * system out of the inventory. Control characters go, and the length is cut to the API's limit. The
 * contract has checked the types; what it cannot do is this cleaning.
 */
function cleanText(value: string | null, max: number): string | null {
  if (value === null) return null;
  const cleaned = value.replace(CONTROL_CHARACTERS, '').trim().slice(0, max).trim();
  return cleaned === '' ? null : cleaned;
}

/** The registration cleaned, or undefined when its name is nothing once cleaned. */
export function registrationRequest({
  probe_id: _probeId,
  ...details
}: SystemRegistrationRequestedDetails): RegistrationRequest | undefined {
  const name = cleanText(details.name, NAME_MAX_LENGTH);
  if (name === null) return undefined;
  return {
    ...details,
    name,
    host: cleanText(details.host, FIELD_MAX_LENGTH),
    runtime: cleanText(details.runtime, FIELD_MAX_LENGTH),
    environment: cleanText(details.environment, FIELD_MAX_LENGTH),
    vendor: cleanText(details.vendor, FIELD_MAX_LENGTH),
    model: cleanText(details.model, FIELD_MAX_LENGTH),
  };
}

/** A probe's registration with its text cleaned; a nameless probe is named by its id. */
export function cleanProbeRegistered(details: ProbeRegisteredDetails): ProbeRegisteredDetails {
  return {
    ...details,
    probe_name: cleanText(details.probe_name, FIELD_MAX_LENGTH) ?? details.probe_id,
    host: cleanText(details.host, FIELD_MAX_LENGTH) ?? '',
    runtime: cleanText(details.runtime, FIELD_MAX_LENGTH),
    environment: cleanText(details.environment, FIELD_MAX_LENGTH),
    version: cleanText(details.version, FIELD_MAX_LENGTH),
  };
}

export function cleanProbeHeartbeat(details: ProbeHeartbeatDetails): ProbeHeartbeatDetails {
  return { ...details, version: cleanText(details.version, FIELD_MAX_LENGTH) };
}
