import { applyDecorators } from '@nestjs/common';
import { PROBE_STATUSES, type ProbeStatus } from '@governance/contracts';
import { Id, Nullable, Present, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { IsIn, IsInt, IsNotEmpty, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

const NAME_MAX_LENGTH = 200;
const HOST_MAX_LENGTH = 253;
const LABEL_MAX_LENGTH = 100;
const ID_PATTERN = (prefix: string) => new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`);
// PostgreSQL text cannot hold NUL, and no name needs control characters.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
const noControl = (field: string) =>
  Matches(NO_CONTROL_CHARACTERS, { message: `${field} must not contain control characters` });
// Each list is in the order the decorators stood one by one, so errors keep their order.
const Name = (field: string, max: number) =>
  applyDecorators(noControl(field), MaxLength(max), IsNotEmpty(), IsString());
const Label = (field: string) =>
  applyDecorators(noControl(field), MaxLength(LABEL_MAX_LENGTH), IsString(), Present());
const Count = () => applyDecorators(Max(Number.MAX_SAFE_INTEGER), Min(0), IsInt(), Present());

export class RegisterProbeDto {
  @JSONSchema({
    description: 'With `host`, identifies the probe: registering the same pair again is idempotent.',
  })
  @Name('probe_name', NAME_MAX_LENGTH)
  probe_name!: string;

  /** Exactly one of system_name and system_id; the service checks the pair. */
  @Present()
  @JSONSchema({
    description:
      'The system the probe watches, by name: found, or registered (`registration_source: probe`) when new. ' +
      'Give exactly one of `system_name` and `system_id`.',
  })
  @Name('system_name', NAME_MAX_LENGTH)
  system_name?: string;

  @Present()
  @JSONSchema({
    description: 'The system the probe watches, by id. Give exactly one of `system_name` and `system_id`.',
  })
  @IsString()
  @Matches(ID_PATTERN('sys'), { message: 'system_id must be a system id (sys_...)' })
  system_id?: string;

  @Name('host', HOST_MAX_LENGTH)
  host!: string;

  @Label('runtime')
  runtime?: string;

  @Label('environment')
  environment?: string;

  @Label('version')
  version?: string;
}

export class HeartbeatDto {
  @IsString()
  @Matches(ID_PATTERN('prb'), { message: 'probe_id must be a probe id (prb_...)' })
  probe_id!: string;

  @IsIn(PROBE_STATUSES, { message: `status must be one of: ${PROBE_STATUSES.join(', ')}` })
  status!: ProbeStatus;

  @Label('version')
  version?: string;

  @Count()
  uptime_seconds?: number;

  @Count()
  queue_depth?: number;
}

export const ProbeRegistrationResponse = Type.Object({
  probe_id: Id('prb'),
  system_id: Id('sys'),
  probe_name: Type.String(),
  host: Type.String(),
  runtime: Nullable(Type.String()),
  environment: Nullable(Type.String()),
  version: Nullable(Type.String()),
  registered_at: Timestamp(),
});
export type ProbeRegistrationResponse = Static<typeof ProbeRegistrationResponse>;

export const HeartbeatResponse = Type.Object({ probe_id: Id('prb'), received_at: Timestamp() });
export type HeartbeatResponse = Static<typeof HeartbeatResponse>;

export const ProbeResponse = Type.Object({
  ...ProbeRegistrationResponse.properties,
  status: Nullable(StringEnum(PROBE_STATUSES, 'From the last heartbeat; null before the first one.')),
  uptime_seconds: Nullable(Type.Integer()),
  queue_depth: Nullable(Type.Integer()),
  last_heartbeat_at: Nullable(Timestamp()),
  last_telemetry_at: Nullable(Timestamp()),
  connection: StringEnum(
    ['connected', 'disconnected'],
    '`disconnected` once the probe has sent no telemetry for longer than the silence limit (5 minutes by default).',
  ),
});
export type ProbeResponse = Static<typeof ProbeResponse>;
