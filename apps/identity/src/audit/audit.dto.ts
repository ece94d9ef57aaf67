import { applyDecorators } from '@nestjs/common';
import { ACTOR_TYPES, type ActorType } from '@governance/contracts';
import { NO_CONTROL_CHARACTERS, Nullable, Page, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { Type as As } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

const FILTER_MAX_LENGTH = 200;

const TextFilter = (field: string): PropertyDecorator =>
  applyDecorators(
    IsOptional(),
    IsString(),
    MaxLength(FILTER_MAX_LENGTH),
    Matches(NO_CONTROL_CHARACTERS, { message: `${field} must not contain control characters` }),
  );

/** The filters of the listing and the export; each narrows the entries, all must match. */
export class AuditFilterQuery {
  @TextFilter('actor')
  @JSONSchema({
    description: 'Who made the change: a user id (`usr_…`), a key id (`key_…`) or a service name.',
  })
  actor?: string;

  @IsOptional()
  @IsIn(ACTOR_TYPES, { message: `actor_type must be one of: ${ACTOR_TYPES.join(', ')}` })
  actor_type?: ActorType;

  @TextFilter('action')
  @JSONSchema({ description: 'An action such as `system.updated` or `member.role_changed`.' })
  action?: string;

  @TextFilter('target_type')
  @JSONSchema({ description: 'What was changed: `system`, `policy`, `webhook`, `member`, `api_key`…' })
  target_type?: string;

  @TextFilter('target_id')
  target_id?: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 timestamp' })
  @JSONSchema({ description: 'Changes at or after this time.' })
  from?: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 timestamp' })
  @JSONSchema({ description: 'Changes before this time.' })
  to?: string;
}

/** The listing's filters, and `limit` and `cursor` as every keyset-paged list takes them. */
export class AuditQuery extends AuditFilterQuery {
  @IsOptional()
  @As(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export class AuditExportQuery extends AuditFilterQuery {
  @IsIn(EXPORT_FORMATS, { message: `format must be one of: ${EXPORT_FORMATS.join(', ')}` })
  format!: ExportFormat;
}

const Hash = (description: string) => Type.String({ pattern: '^[0-9a-f]{64}$', description });
const Snapshot = Nullable(
  Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    additionalProperties: true,
    description: 'The changed fields before or after the change; never a secret.',
  }),
);
const Ok = <T extends boolean>(value: T) => Type.Unsafe<T>({ type: 'boolean', enum: [value] });

/** One entry of the trail, with its link in the organization's hash chain (docs/audit.md). */
export const AuditEntryResponse = Type.Object({
  id: Type.String({ format: 'uuid', description: 'The id of the event that recorded the change.' }),
  organization_id: Type.String(),
  seq: Type.Integer({
    minimum: 1,
    description: 'Position in the organization’s chain: 1, 2, 3… without gaps.',
  }),
  occurred_at: Timestamp('When the change happened.'),
  actor_type: StringEnum(ACTOR_TYPES),
  actor_id: Type.String({
    description: 'A user id, a key id, or the name of the service that acted on its own.',
  }),
  service: Type.String({ description: 'The service that made the change.' }),
  action: Type.String(),
  target_type: Type.String(),
  target_id: Type.String(),
  address: Nullable(Type.String({ description: 'The client address of the request.' })),
  user_agent: Nullable(Type.String()),
  before: Snapshot,
  after: Snapshot,
  previous_hash: Hash('The hash of the entry before this one (64 zeros for the first).'),
  hash: Hash('sha256 of `previous_hash` followed by the canonical JSON of the entry.'),
});
export type AuditEntryResponse = Static<typeof AuditEntryResponse>;

export const AuditPageResponse = Page(AuditEntryResponse);
export type AuditPageResponse = Static<typeof AuditPageResponse>;

const Link = Type.Object({ seq: Type.Integer({ minimum: 0 }), hash: Hash('The entry’s hash.') });

export const AuditVerifyResponse = Type.Union([
  Type.Object({
    ok: Ok(true),
    entries: Type.Integer({ minimum: 0, description: 'Entries recomputed.' }),
    head: Type.Object(Link.properties, { description: 'The last entry (seq 0 and 64 zeros when none).' }),
    checkpoint: Nullable(
      Type.Object(Link.properties, {
        description: 'The last entry retention deleted, where verification starts; null when none was.',
      }),
    ),
  }),
  Type.Object({
    ok: Ok(false),
    first_broken: Type.Object({
      seq: Type.Integer({ minimum: 1 }),
      id: Nullable(Type.String({ format: 'uuid', description: 'Null when the entry is missing.' })),
      reason: StringEnum(['hash_mismatch', 'missing_entry', 'previous_hash_mismatch']),
    }),
  }),
]);
export type AuditVerifyResponse = Static<typeof AuditVerifyResponse>;
