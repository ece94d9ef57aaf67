import { PROBE_STATUSES, type ProbeStatus } from '@governance/contracts';
import { IsIn, IsInt, IsNotEmpty, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';

const NAME_MAX_LENGTH = 200;
const HOST_MAX_LENGTH = 253;
const LABEL_MAX_LENGTH = 100;
const ID_PATTERN = (prefix: string) => new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`);
// PostgreSQL text cannot hold NUL, and no name needs control characters.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
const noControl = (field: string) =>
  Matches(NO_CONTROL_CHARACTERS, { message: `${field} must not contain control characters` });

/* `ValidateIf(... !== undefined)` rather than `IsOptional`: an explicit null must fail, not slip through. */
const present = (field: string) => ValidateIf((body: Record<string, unknown>) => body[field] !== undefined);

export class RegisterProbeDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  @noControl('probe_name')
  probe_name!: string;

  /** Exactly one of system_name and system_id; the service checks the pair. */
  @present('system_name')
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  @noControl('system_name')
  system_name?: string;

  @present('system_id')
  @IsString()
  @Matches(ID_PATTERN('sys'), { message: 'system_id must be a system id (sys_...)' })
  system_id?: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(HOST_MAX_LENGTH)
  @noControl('host')
  host!: string;

  @present('runtime')
  @IsString()
  @MaxLength(LABEL_MAX_LENGTH)
  @noControl('runtime')
  runtime?: string;

  @present('environment')
  @IsString()
  @MaxLength(LABEL_MAX_LENGTH)
  @noControl('environment')
  environment?: string;

  @present('version')
  @IsString()
  @MaxLength(LABEL_MAX_LENGTH)
  @noControl('version')
  version?: string;
}

export class HeartbeatDto {
  @IsString()
  @Matches(ID_PATTERN('prb'), { message: 'probe_id must be a probe id (prb_...)' })
  probe_id!: string;

  @IsIn(PROBE_STATUSES, { message: `status must be one of: ${PROBE_STATUSES.join(', ')}` })
  status!: ProbeStatus;

  @present('version')
  @IsString()
  @MaxLength(LABEL_MAX_LENGTH)
  @noControl('version')
  version?: string;

  @present('uptime_seconds')
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  uptime_seconds?: number;

  @present('queue_depth')
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  queue_depth?: number;
}

export interface ProbeRegistrationResponse {
  probe_id: string;
  system_id: string;
  probe_name: string;
  host: string;
  runtime: string | null;
  environment: string | null;
  version: string | null;
  registered_at: string;
}

export interface HeartbeatResponse {
  probe_id: string;
  received_at: string;
}

export interface ProbeResponse extends ProbeRegistrationResponse {
  status: ProbeStatus | null;
  uptime_seconds: number | null;
  queue_depth: number | null;
  last_heartbeat_at: string | null;
  last_telemetry_at: string | null;
  connection: 'connected' | 'disconnected';
}
