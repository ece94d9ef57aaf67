import { Body, Controller, Delete, Get, Param, Patch, Query, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentPrincipal, type Principal, RequirePermission } from '@governance/auth';
import { ApiKeyAuth, Endpoint, PageQuery } from '@governance/platform';
import { ChangeRoleDto, MemberPageResponse, MemberResponse } from './member.dto';
import { examples } from './members.openapi';
import { MembersService } from './members.service';

const FORBIDDEN: [number, string] = [
  403,
  '`forbidden`: the caller may not manage members, or only an owner may make this change (an owner’s ' +
    'role, appointing an owner, removing an owner).',
];
const LAST_OWNER: [number, string] = [
  409,
  '`conflict`: the organization’s last owner can be neither demoted nor removed.',
];

@Controller('api/service/members')
@UseGuards(AuthGuard)
@ApiTags('Members')
@ApiKeyAuth()
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @RequirePermission('members:read')
  @Endpoint({
    summary: 'List members',
    description: 'The people of the organization with their roles, newest members first.',
    query: PageQuery,
    answer: [200, 'One page of members.', MemberPageResponse, examples.page],
  })
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery): Promise<MemberPageResponse> {
    return this.members.list(principal.organizationId, query);
  }

  @Patch(':id')
  @RequirePermission('members:write')
  @Endpoint({
    summary: 'Change a member’s role',
    description:
      'Owners change anyone’s role; admins (and `full` keys) everyone’s but owners’, and they cannot ' +
      'appoint an owner. The new role holds on every service once this answers.',
    id: ['user', 'usr'],
    body: [ChangeRoleDto, examples.changeRole],
    answer: [200, 'The member with their new role.', MemberResponse, examples.member],
    errors: [FORBIDDEN, LAST_OWNER],
  })
  changeRole(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: ChangeRoleDto,
  ): Promise<MemberResponse> {
    return this.members.changeRole(principal, id, body.role, body.reason);
  }

  @Delete('me')
  @RequirePermission('members:leave')
  @Endpoint({
    summary: 'Leave the organization',
    description:
      'The signed-in person leaves the organization, whatever their role; the last owner cannot. Their ' +
      'account and sessions stay, for their other organizations. API keys get 403: they are no member.',
    answer: [204, 'Left.'],
    errors: [LAST_OWNER],
  })
  leave(@CurrentPrincipal() principal: Principal): Promise<void> {
    return this.members.leave(principal);
  }

  @Delete(':id')
  @RequirePermission('members:write')
  @Endpoint({
    summary: 'Remove a member',
    description:
      'Removes the person from this organization: every service refuses them here once this answers. ' +
      'Their account and sessions stay, for their other organizations.',
    id: ['user', 'usr'],
    answer: [204, 'Removed.'],
    errors: [FORBIDDEN, LAST_OWNER],
  })
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.members.remove(principal, id);
  }
}
