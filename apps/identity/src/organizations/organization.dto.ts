import { PLANS, type Plan } from '@governance/contracts';
import { Id, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { IsIn, IsString, Length } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

export class CreateOrganizationDto {
  @IsString()
  @Length(1, 200)
  name!: string;

  @IsIn(PLANS)
  @JSONSchema({ description: 'Webhooks need professional, federal or embedded.' })
  plan!: Plan;
}

const ApiKey = Type.String({
  pattern: '^sk_[0-9A-HJKMNP-TV-Z]{26}_[A-Za-z0-9_-]{43}$',
  description: 'The API key, shown once, in this response only. Send it as `Authorization: Bearer <key>`.',
});

export const OrganizationResponse = Type.Object({
  id: Id('org'),
  name: Type.String(),
  plan: StringEnum(PLANS),
  api_key: ApiKey,
  created_at: Timestamp(),
});
export type OrganizationResponse = Static<typeof OrganizationResponse>;

export const ApiKeyResponse = Type.Object({
  id: Id('key'),
  organization_id: Id('org'),
  api_key: ApiKey,
  created_at: Timestamp(),
});
export type ApiKeyResponse = Static<typeof ApiKeyResponse>;
