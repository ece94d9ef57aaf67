import { HttpStatus, Injectable } from '@nestjs/common';
import { isId, type Role } from '@governance/contracts';
import { type Principal } from '@governance/auth';
import { UnitOfWork } from '@governance/messaging';
import {
  ApiError,
  ErrorCode,
  ISO_MILLISECONDS,
  type PageQuery,
  readPage,
  withIsoDates,
} from '@governance/platform';
import { MembershipsService } from '../people/memberships.service';
import { decideRemoval, decideRoleChange, managerOf, type MemberDecision } from './member-rules';
import { type MemberPageResponse, type MemberResponse } from './member.dto';
import { MemberRepository } from './member.repository';

/** A role takes effect on every service once the call answers: the membership event is on the bus by then. */
const PUBLISHED = { awaitPublished: true };

/** `next_cursor` of the listing: the last member's join time and user id. */
const LIST_CURSOR = { at: ISO_MILLISECONDS, id: /^usr_[0-9A-HJKMNP-TV-Z]{26}$/ };

function refuseUnless(decision: MemberDecision): asserts decision is Extract<MemberDecision, { ok: true }> {
  if (!decision.ok)
    throw new ApiError(
      decision.status,
      decision.status === 403 ? ErrorCode.Forbidden : ErrorCode.Conflict,
      decision.message,
    );
}

/** An organization's members: who they are, their roles, and leaving or being removed. */
@Injectable()
export class MembersService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly members: MemberRepository,
    private readonly memberships: MembershipsService,
  ) {}

  list(organizationId: string, query: PageQuery): Promise<MemberPageResponse> {
    return readPage(
      query,
      LIST_CURSOR,
      (limit, after) => this.members.list(organizationId, limit, after),
      (row) => ({ at: row.joined_at.toISOString(), id: row.id }),
      withIsoDates,
    );
  }

  async changeRole(
    principal: Principal,
    userId: string,
    role: Role,
    reason?: string,
  ): Promise<MemberResponse> {
    const { organizationId } = principal;
    if (!isId('user', userId)) throw ApiError.notFound('Member');
    const member = await this.unitOfWork.run(async (tx) => {
      const owners = await this.members.lockOwners(tx.manager, organizationId);
      const member = await this.members.find(tx.manager, organizationId, userId);
      if (!member) throw ApiError.notFound('Member');
      const decision = decideRoleChange(
        managerOf(principal.actor),
        { userId, role: member.role },
        role,
        owners,
      );
      refuseUnless(decision);
      if (decision.kind === 'unchanged') return member;
      await this.memberships.changeRole(tx, organizationId, userId, member.role, role, reason);
      return { ...member, role };
    }, PUBLISHED);
    return withIsoDates(member);
  }

  /**
   * Removes a member from this organization only: their account and sessions stay (they may belong to other
   * organizations), and `member.removed` makes every service refuse them here.
   */
  async remove(principal: Principal, userId: string): Promise<void> {
    const { organizationId } = principal;
    if (!isId('user', userId)) throw ApiError.notFound('Member');
    await this.unitOfWork.run(async (tx) => {
      const owners = await this.members.lockOwners(tx.manager, organizationId);
      const member = await this.members.find(tx.manager, organizationId, userId);
      if (!member) throw ApiError.notFound('Member');
      refuseUnless(decideRemoval(managerOf(principal.actor), { userId, role: member.role }, owners));
      await this.memberships.remove(tx, organizationId, userId, member.role);
    }, PUBLISHED);
  }

  /** The signed-in person leaves the organization; an API key is nobody's membership. */
  leave(principal: Principal): Promise<void> {
    if (principal.actor.type !== 'user')
      throw new ApiError(
        HttpStatus.FORBIDDEN,
        ErrorCode.Forbidden,
        'Only a signed-in person can leave an organization; an API key is no member',
      );
    return this.remove(principal, principal.actor.id);
  }
}
