import { ROLES, type Role } from '@governance/contracts';
import { ChangeReason, Id, Page, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { IsIn } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

export const roleMessage = { message: `role must be one of: ${ROLES.join(', ')}` };

export class ChangeRoleDto {
  @IsIn(ROLES, roleMessage)
  @JSONSchema({ description: 'Only an owner makes someone owner or changes an owner’s role.' })
  role!: Role;

  @ChangeReason()
  reason?: string;
}

export const MemberResponse = Type.Object({
  id: Id('usr', 'The person’s user id.'),
  email: Type.String(),
  name: Type.String(),
  role: StringEnum(ROLES),
  joined_at: Timestamp('When the person joined this organization.'),
});
export type MemberResponse = Static<typeof MemberResponse>;

export const MemberPageResponse = Page(MemberResponse);
export type MemberPageResponse = Static<typeof MemberPageResponse>;
