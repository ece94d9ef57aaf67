import { applyDecorators } from '@nestjs/common';
import { ROLES } from '@governance/contracts';
import { Id, List, NO_CONTROL_CHARACTERS, Nullable, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../people/passwords';

/** RFC 5321's limit on a forward path, which bounds what an address can be. */
const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 200;
/** A token is 43 characters (32 random bytes); this bound only keeps nonsense short. */
const TOKEN_MAX_LENGTH = 200;
/** A sign-in checks the password given against the stored hash, whatever its length within reason. */
const SIGN_IN_PASSWORD_MAX_LENGTH = 1024;

const trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

const Email = (): PropertyDecorator =>
  applyDecorators(
    IsString(),
    MaxLength(EMAIL_MAX_LENGTH),
    IsEmail({}, { message: 'email must be an email address' }),
    trimmed(),
  );

const Text = (field: string): PropertyDecorator =>
  applyDecorators(
    IsString(),
    MinLength(1, { message: `${field} must not be empty` }),
    MaxLength(NAME_MAX_LENGTH),
    Matches(NO_CONTROL_CHARACTERS, { message: `${field} must not contain control characters` }),
    trimmed(),
  );

const Token = (): PropertyDecorator =>
  applyDecorators(
    IsString(),
    MinLength(1, { message: 'token must not be empty' }),
    MaxLength(TOKEN_MAX_LENGTH),
  );

/** A password being set: the policy's length here; the common-password check comes after. */
const NewPassword = (field: string): PropertyDecorator =>
  applyDecorators(
    IsString(),
    JSONSchema({
      description: `At least ${PASSWORD_MIN_LENGTH} characters, not among the most common passwords, not the email address.`,
    }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: `${field} has at most ${PASSWORD_MAX_LENGTH} characters` }),
  );

const Password = (): PropertyDecorator =>
  applyDecorators(
    IsString(),
    MinLength(1, { message: 'password must not be empty' }),
    MaxLength(SIGN_IN_PASSWORD_MAX_LENGTH),
  );

export class LoginDto {
  @Email()
  email!: string;

  @Password()
  password!: string;
}

export class ChangePasswordDto {
  @IsString()
  @MaxLength(SIGN_IN_PASSWORD_MAX_LENGTH)
  current_password!: string;

  @NewPassword('new_password')
  new_password!: string;
}

export class PasswordResetDto {
  @Email()
  email!: string;
}

export class PasswordResetConfirmDto {
  @Token()
  @JSONSchema({ description: 'The `token` parameter of the emailed link.' })
  token!: string;

  @NewPassword('new_password')
  new_password!: string;
}

export class SetupDto {
  @Token()
  @JSONSchema({ description: 'The `token` parameter of the setup link.' })
  token!: string;

  @Email()
  @JSONSchema({ description: 'With a link for an organization, the address it was sent to.' })
  email!: string;

  @Text('name')
  @JSONSchema({ description: 'The person’s name; kept as it is when the account exists already.' })
  name!: string;

  @NewPassword('password')
  @JSONSchema({ description: 'The new account’s password, or the existing account’s own.' })
  password!: string;

  @IsOptional()
  @Text('organization_name')
  @JSONSchema({
    description: 'Required with the first-start link, which creates the organization; ignored otherwise.',
  })
  organization_name?: string;
}

const User = Type.Object({
  id: Id('usr'),
  email: Type.String({ format: 'email' }),
  name: Type.String(),
});

const Membership = Type.Object({
  id: Id('org', 'The organization.'),
  name: Type.String(),
  role: StringEnum(ROLES),
});

/** Whether the first owner is still to be set up: all a visitor may learn before signing in. */
export const SetupStatusResponse = Type.Object({
  setup_pending: Type.Boolean({
    description:
      'True while nobody has an account: the first owner signs up with the setup link `npm start` printed.',
  }),
});
export type SetupStatusResponse = Static<typeof SetupStatusResponse>;

export const SignInResponse = Type.Object({
  user: User,
  organizations: Type.Array(Membership, {
    description: 'The organizations the person belongs to, oldest first.',
  }),
});
export type SignInResponse = Static<typeof SignInResponse>;

const IdleExpiry = Timestamp(
  'When the session ends unless used before: `last_seen_at` plus the idle timeout.',
);

export const MeResponse = Type.Object({
  user: User,
  organizations: Type.Array(Membership),
  session: Type.Object({
    id: Id('ses'),
    created_at: Timestamp(),
    last_seen_at: Timestamp(),
    idle_expires_at: IdleExpiry,
  }),
});
export type MeResponse = Static<typeof MeResponse>;

const Session = Type.Object({
  id: Id('ses'),
  created_at: Timestamp(),
  last_seen_at: Timestamp(),
  idle_expires_at: IdleExpiry,
  address: Nullable(Type.String({ description: 'The address it signed in from.' })),
  user_agent: Nullable(Type.String()),
  current: Type.Boolean({ description: 'Whether it is the session of this request.' }),
});

export const SessionListResponse = List(Session);
export type SessionListResponse = Static<typeof SessionListResponse>;

export const PasswordResetResponse = Type.Object({
  message: Type.String({ description: 'The same whether or not the email has an account.' }),
});
export type PasswordResetResponse = Static<typeof PasswordResetResponse>;

export const SetupLinkResponse = Type.Object({
  setup_url: Type.String({
    format: 'uri',
    description: 'The first-start link, to open in a browser; it retires every earlier one and works once.',
  }),
  expires_at: Timestamp(),
});
export type SetupLinkResponse = Static<typeof SetupLinkResponse>;

export const ResetLinkResponse = Type.Object({
  reset_url: Type.String({
    format: 'uri',
    description: 'A one-time link to choose a new password, for the operator to hand to the person.',
  }),
  expires_at: Timestamp(),
});
export type ResetLinkResponse = Static<typeof ResetLinkResponse>;
