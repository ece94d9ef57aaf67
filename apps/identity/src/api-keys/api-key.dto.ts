import { KEY_SCOPES, type KeyScope } from '@governance/contracts';
import {
  Id,
  NO_CONTROL_CHARACTERS,
  Nullable,
  Page,
  PageQuery,
  StringEnum,
  Timestamp,
} from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { ACTOR_REF_TYPES } from './actor-ref';

export const API_KEY_NAME_MAX_LENGTH = 200;

export class CreateApiKeyDto {
  @IsString()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(API_KEY_NAME_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'name must not contain control characters' })
  @JSONSchema({ description: 'What the key is for, so it can be told apart and revoked later.' })
  name!: string;

  @IsIn(KEY_SCOPES, { message: `scope must be one of: ${KEY_SCOPES.join(', ')}` })
  @JSONSchema({
    description: '`full` acts as an admin, `read_only` as a viewer, `probe` calls the probe endpoints only.',
  })
  scope!: KeyScope;
}

export class ListApiKeysQuery extends PageQuery {
  @IsOptional()
  @IsIn(['revoked'], { message: 'include must be revoked' })
  @JSONSchema({ description: '`revoked` lists revoked keys too; without it, only the active ones.' })
  include?: 'revoked';
}

/** Who made something: a person or an API key; null when the operator did, through the admin API. */
export const ActorRef = (description: string) =>
  Nullable(
    Type.Object(
      {
        type: StringEnum(ACTOR_REF_TYPES),
        id: Type.String({ description: '`usr_…` for a person, `key_…` for an API key.' }),
      },
      { description },
    ),
  );

export const ApiKeyResponse = Type.Object({
  id: Id('key'),
  name: Type.String(),
  scope: StringEnum(KEY_SCOPES),
  created_by: ActorRef('Who created the key; null for keys issued through the admin API.'),
  created_at: Timestamp(),
  last_used_at: Nullable(Timestamp('When the key was last used, to within a minute or so.')),
  revoked_at: Nullable(Timestamp()),
});
export type ApiKeyResponse = Static<typeof ApiKeyResponse>;

export const ApiKeyPageResponse = Page(ApiKeyResponse);
export type ApiKeyPageResponse = Static<typeof ApiKeyPageResponse>;

export const CreatedApiKeyResponse = Type.Object({
  ...ApiKeyResponse.properties,
  api_key: Type.String({
    pattern: '^sk_[0-9A-HJKMNP-TV-Z]{26}_[A-Za-z0-9_-]{43}$',
    description: 'The API key, shown once, in this response only. Send it as `Authorization: Bearer <key>`.',
  }),
});
export type CreatedApiKeyResponse = Static<typeof CreatedApiKeyResponse>;
