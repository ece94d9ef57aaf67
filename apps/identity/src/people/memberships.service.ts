import { Injectable } from '@nestjs/common';
import { newUuidV7, type Role } from '@governance/contracts';
import { tenancyEventMessage, type Transaction } from '@governance/messaging';
import { PeopleRepository } from './people.repository';

/**
 * A person's role in an organization, stored and announced together: every service's guard maps the role
 * to permissions from its replica. Callers decide who may change what (members, invitations, SSO).
 */
@Injectable()
export class MembershipsService {
  constructor(private readonly people: PeopleRepository) {}

  async add(tx: Transaction, organizationId: string, userId: string, role: Role): Promise<void> {
    await this.people.insertMembership(tx.manager, organizationId, userId, role);
    this.announce(tx, organizationId, { event: 'member.added', details: { user_id: userId, role } });
    tx.audit({
      organizationId,
      action: 'member.added',
      target: { type: 'member', id: userId },
      after: { role },
    });
  }

  async changeRole(
    tx: Transaction,
    organizationId: string,
    userId: string,
    from: Role,
    to: Role,
    reason?: string,
  ) {
    await this.people.updateRole(tx.manager, organizationId, userId, to);
    this.announce(tx, organizationId, {
      event: 'member.role_changed',
      details: { user_id: userId, role: to },
    });
    tx.audit({
      organizationId,
      action: 'member.role_changed',
      target: { type: 'member', id: userId },
      before: { role: from },
      after: { role: to },
      reason,
    });
  }

  async remove(tx: Transaction, organizationId: string, userId: string, role: Role): Promise<void> {
    await this.people.deleteMembership(tx.manager, organizationId, userId);
    this.announce(tx, organizationId, { event: 'member.removed', details: { user_id: userId } });
    tx.audit({
      organizationId,
      action: 'member.removed',
      target: { type: 'member', id: userId },
      before: { role },
    });
  }

  private announce(
    tx: Transaction,
    organizationId: string,
    event:
      | { event: 'member.added' | 'member.role_changed'; details: { user_id: string; role: Role } }
      | { event: 'member.removed'; details: { user_id: string } },
  ): void {
    tx.publish(
      tenancyEventMessage({
        id: newUuidV7(),
        organization_id: organizationId,
        timestamp: new Date().toISOString(),
        ...event,
      }),
    );
  }
}
