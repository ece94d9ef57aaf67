import { PLANS, type Plan } from '@governance/contracts';
import { Id, Present, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { IsEmail, IsIn, IsString, Length, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

export class CreateOrganizationDto {
  @IsString()
  @Length(1, 200)
  name!: string;

  @IsIn(PLANS)
  @JSONSchema({ description: 'Webhooks need professional, federal or embedded.' })
  plan!: Plan;

  @Present()
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'owner_email must be an email address' })
  @JSONSchema({
    description:
      'Who will own it: they get a setup link by email (also in the answer, `owner_setup_url`) that makes them its owner.',
  })
  owner_email?: string;
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
  owner_setup_url: Type.Optional(
    Type.String({
      format: 'uri',
      description:
        'With `owner_email`: the one-time link that makes that person the owner, also emailed to them when SMTP is configured.',
    }),
  ),
});
export type OrganizationResponse = Static<typeof OrganizationResponse>;

export const ApiKeyResponse = Type.Object({
  id: Id('key'),
  organization_id: Id('org'),
  api_key: ApiKey,
  created_at: Timestamp(),
});
export type ApiKeyResponse = Static<typeof ApiKeyResponse>;
