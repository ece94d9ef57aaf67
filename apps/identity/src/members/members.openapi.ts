import { type ChangeRoleDto, type MemberPageResponse, type MemberResponse } from './member.dto';

/* Examples of the members API; the request and response types check them. */

const member: MemberResponse = {
  id: 'usr_01JD60Z9Y8X7W6V5T4S3R2Q1P0',
  email: 'dana.reyes@example.com',
  name: 'Dana Reyes',
  role: 'editor',
  joined_at: '2026-11-22T09:15:00.000Z',
};

export const examples = {
  member,
  page: { data: [member], next_cursor: null } satisfies MemberPageResponse,
  changeRole: { role: 'admin' } satisfies ChangeRoleDto,
};
