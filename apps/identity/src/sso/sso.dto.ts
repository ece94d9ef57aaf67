import { applyDecorators } from '@nestjs/common';
import { Id, Nullable, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { CLAIM_PATH, EMAIL_DOMAIN, ROLE_MAPPING_MAX, SSO_ROLES, type SsoRole } from './sso-rules';

export const ALLOWED_DOMAINS_MAX = 50;
export const ENDPOINT_HOSTS_MAX = 10;
const EMAIL_MAX_LENGTH = 254;

const ssoRoleMessage = { message: `default_role must be one of: ${SSO_ROLES.join(', ')}` };

const Text = (max: number, description: string): PropertyDecorator =>
  applyDecorators(IsString(), MinLength(1), MaxLength(max), JSONSchema({ description }));

export class PutSsoConfigurationDto {
  @Text(2000, 'The OpenID Provider’s issuer URL (https); its discovery document is read from it.')
  issuer!: string;

  @Text(500, 'The client id the provider gave this application.')
  client_id!: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  @JSONSchema({
    description:
      'The client secret. Required the first time and whenever the issuer changes; left out otherwise, the ' +
      'stored one is kept. It is encrypted at rest and never returned.',
  })
  client_secret?: string | null;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(ALLOWED_DOMAINS_MAX)
  @ArrayUnique(undefined, { message: 'allowed_email_domains must be unique' })
  @IsString({ each: true })
  @Matches(EMAIL_DOMAIN, {
    each: true,
    message: 'each allowed email domain must be a lower-case host name such as acme.com',
  })
  @JSONSchema({
    description:
      'Email domains whose people sign in through this provider (lower case, such as `acme.com`). A domain ' +
      'counts once verified (a DNS TXT record, see `domain_verification` in the answer), and belongs to one ' +
      'organization at most; public email providers’ domains are refused. The provider’s verified email ' +
      'must be in one of the verified domains.',
  })
  allowed_email_domains!: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(ENDPOINT_HOSTS_MAX)
  @ArrayUnique(undefined, { message: 'endpoint_hosts must be unique' })
  @IsString({ each: true })
  @Matches(EMAIL_DOMAIN, {
    each: true,
    message: 'each endpoint host must be a lower-case host name such as oauth2.googleapis.com',
  })
  @JSONSchema({
    description:
      'Hosts besides the issuer’s where the provider’s token, userinfo and JWKS endpoints may be (Google: ' +
      '`oauth2.googleapis.com`, `openidconnect.googleapis.com`, `www.googleapis.com`). Empty by default: a ' +
      'discovery document naming another host is refused, so it cannot send the client secret elsewhere.',
  })
  endpoint_hosts?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(CLAIM_PATH, {
    message: 'role_claim must be a claim name or a dotted path such as realm_access.roles',
  })
  @JSONSchema({
    description:
      'The ID token or userinfo claim that carries roles or groups (`groups`, or a dotted path such as ' +
      '`realm_access.roles`); a string or a list of strings.',
  })
  role_claim?: string | null;

  @IsOptional()
  @IsObject()
  @JSONSchema({
    type: 'object',
    maxProperties: ROLE_MAPPING_MAX,
    additionalProperties: { type: 'string', enum: [...SSO_ROLES] },
    description:
      'Claim value → role (not owner). When several values map, the strongest role wins (admin, editor, ' +
      'auditor, viewer). Needs `role_claim`.',
  })
  role_mapping?: Record<string, SsoRole> | null;

  @IsIn(SSO_ROLES, ssoRoleMessage)
  @JSONSchema({ description: 'The role of a person whose claim maps to no role, when they first sign in.' })
  default_role!: SsoRole;

  @IsBoolean()
  @JSONSchema({ description: 'Whether people can sign in with it; a disabled configuration is kept.' })
  enabled!: boolean;
}

const Email = (): PropertyDecorator =>
  applyDecorators(
    IsString(),
    MaxLength(EMAIL_MAX_LENGTH),
    Matches(/^[^@\s]+@[^@\s]+$/, { message: 'email must be an email address' }),
  );

export class DiscoverSsoQuery {
  @Email()
  email!: string;
}

/** Started by email (its domain finds the organization) or by organization id; exactly one of them. */
export class StartSsoQuery {
  @IsOptional()
  @Email()
  @JSONSchema({
    description: 'The person’s email; its domain finds the organization. Or give `organization`.',
  })
  email?: string;

  @IsOptional()
  @IsString()
  @Matches(/^org_[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'organization must be an organization id' })
  @JSONSchema({ description: 'The organization id, instead of `email`.' })
  organization?: string;
}

/**
 * What the provider sends back: a code and the state, or an error. For the document only: providers add
 * parameters of their own (`session_state`, `scope`, …), so the callback reads its query itself.
 */
export class SsoCallbackQuery {
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  code?: string;

  @IsString()
  @MinLength(1)
  @MaxLength(200)
  state!: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  @JSONSchema({ description: 'Set by the provider when the person cancelled or was refused.' })
  error?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  error_description?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  @JSONSchema({ description: 'The issuer, from providers that send it (RFC 9207); checked when present.' })
  iss?: string;
}

const Roles = StringEnum(SSO_ROLES);

export const SsoConfigurationResponse = Type.Object({
  organization_id: Id('org'),
  issuer: Type.String(),
  client_id: Type.String(),
  allowed_email_domains: Type.Array(Type.String()),
  domain_verification: Type.Array(
    Type.Object({
      domain: Type.String(),
      verified: Type.Boolean({
        description: 'Whether the domain is proven: only a verified domain routes and vouches for sign-ins.',
      }),
      verified_at: Nullable(Timestamp()),
      txt_record: Type.Object(
        {
          name: Type.String({ description: 'Where to publish it: `_governance-challenge.<domain>`.' }),
          value: Type.String({
            description: '`governance-domain-verification=<token>`, this organization’s.',
          }),
        },
        { description: 'The DNS TXT record that proves control of the domain.' },
      ),
    }),
    {
      description:
        'Each allowed email domain and its proof: publish its TXT record at the domain’s DNS, then call ' +
        '`POST /api/service/sso/domains/{domain}/verify`.',
    },
  ),
  endpoint_hosts: Type.Array(Type.String()),
  role_claim: Nullable(Type.String()),
  role_mapping: Type.Unsafe<Record<string, SsoRole>>({
    type: 'object',
    additionalProperties: { type: 'string', enum: [...SSO_ROLES] },
  }),
  default_role: Roles,
  enabled: Type.Boolean(),
  redirect_uri: Type.String({
    description: 'Register this as the redirect URI of the client at the provider.',
  }),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export type SsoConfigurationResponse = Static<typeof SsoConfigurationResponse>;

export const SsoDiscoveryResponse = Type.Object({
  sso: Type.Boolean({ description: 'Whether this email signs in with SSO.' }),
  organization_name: Type.Optional(Type.String({ description: 'The organization it signs in to.' })),
});
export type SsoDiscoveryResponse = Static<typeof SsoDiscoveryResponse>;
