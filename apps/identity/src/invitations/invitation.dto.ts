import { ROLES, type Role } from '@governance/contracts';
import { Id, NO_CONTROL_CHARACTERS, Page, PageQuery, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { ActorRef } from '../api-keys/api-key.dto';
import { roleMessage } from '../members/member.dto';
import { PASSWORD_MAX_LENGTH } from '../people/passwords';

const EMAIL_MAX_LENGTH = 320;
const NAME_MAX_LENGTH = 200;
/** Tokens are 43 characters; a bound well above it keeps junk out of the digest and the logs. */
const TOKEN_MAX_LENGTH = 200;

const trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

export class CreateInvitationDto {
  @trimmed()
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(EMAIL_MAX_LENGTH)
  email!: string;

  @IsIn(ROLES, roleMessage)
  @JSONSchema({ description: 'The role the person gets on accepting; only an owner invites an owner.' })
  role!: Role;
}

export class ListInvitationsQuery extends PageQuery {}

export class InvitationTokenQuery {
  @IsString()
  @MinLength(1, { message: 'token must not be empty' })
  @MaxLength(TOKEN_MAX_LENGTH)
  @JSONSchema({ description: 'The token of the invitation link.' })
  token!: string;
}

export class AcceptInvitationDto {
  @IsString()
  @MinLength(1, { message: 'token must not be empty' })
  @MaxLength(TOKEN_MAX_LENGTH)
  @JSONSchema({ description: 'The token of the invitation link.' })
  token!: string;

  @IsOptional()
  @IsString()
  @trimmed()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(NAME_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'name must not contain control characters' })
  @JSONSchema({ description: 'The new account’s name; required when no account has the invited email.' })
  name?: string;

  @IsString()
  @MinLength(1, { message: 'password must not be empty' })
  @MaxLength(PASSWORD_MAX_LENGTH)
  @JSONSchema({
    description:
      'A new account’s password (at least 12 characters, not a common one), or the existing account’s ' +
      'password.',
  })
  password!: string;
}

export const InvitationResponse = Type.Object({
  id: Id('inv'),
  email: Type.String(),
  role: StringEnum(ROLES),
  invited_by: ActorRef('Who invited; null when nobody in the organization did.'),
  created_at: Timestamp(),
  expires_at: Timestamp(),
});
export type InvitationResponse = Static<typeof InvitationResponse>;

export const InvitationPageResponse = Page(InvitationResponse);
export type InvitationPageResponse = Static<typeof InvitationPageResponse>;

export const CreatedInvitationResponse = Type.Object({
  ...InvitationResponse.properties,
  accept_url: Type.Optional(
    Type.String({
      format: 'uri',
      description:
        'The one-time acceptance link, present only when the email was not sent (no SMTP server ' +
        'configured, or sending failed): hand it to the person yourself. It is never shown again.',
    }),
  ),
});
export type CreatedInvitationResponse = Static<typeof CreatedInvitationResponse>;

const Organization = Type.Object({ id: Id('org'), name: Type.String() });

export const InvitationLookupResponse = Type.Object({
  organization: Organization,
  email: Type.String(),
  role: StringEnum(ROLES),
  expires_at: Timestamp(),
  account_exists: Type.Boolean({
    description: 'true: accepting takes the account’s password; false: a name and a new password.',
  }),
});
export type InvitationLookupResponse = Static<typeof InvitationLookupResponse>;

export const AcceptedInvitationResponse = Type.Object({
  user: Type.Object({ id: Id('usr'), email: Type.String(), name: Type.String() }),
  organization: Organization,
  role: StringEnum(ROLES),
});
export type AcceptedInvitationResponse = Static<typeof AcceptedInvitationResponse>;
