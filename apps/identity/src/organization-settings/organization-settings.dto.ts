import { PLANS } from '@governance/contracts';
import { Id, NO_CONTROL_CHARACTERS, Nullable, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

export const ORGANIZATION_NAME_MAX_LENGTH = 200;

export class UpdateOrganizationDto {
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(ORGANIZATION_NAME_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'name must not contain control characters' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @JSONSchema({ description: 'The organization’s new name.' })
  name!: string;
}

export const OrganizationSettingsResponse = Type.Object({
  id: Id('org'),
  name: Type.String(),
  plan: StringEnum(PLANS),
  created_at: Timestamp(),
  sso: Type.Object(
    {
      enabled: Type.Boolean({ description: 'Whether people can sign in with SSO now.' }),
      issuer: Nullable(Type.String({ description: 'The OpenID Provider, when SSO is configured.' })),
    },
    { description: 'A summary; `GET /api/service/sso` gives the whole configuration.' },
  ),
});
export type OrganizationSettingsResponse = Static<typeof OrganizationSettingsResponse>;
