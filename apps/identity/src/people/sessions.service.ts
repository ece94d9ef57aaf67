import { Injectable } from '@nestjs/common';
import { newUuidV7 } from '@governance/contracts';
import { issueCredential } from '@governance/auth';
import { tenancyEventMessage, type Transaction } from '@governance/messaging';
import { currentRequestContext } from '@governance/platform';
import { PeopleRepository, type SessionRow } from './people.repository';

/** Events about a person carry no organization of their own; they travel under this one. */
export const NO_ORGANIZATION = 'org_00000000000000000000000000';

/**
 * Sessions are credentials like API keys: identity stores the secret's digest and announces it, and every
 * service's guard checks the cookie against its replica. A new session id at every sign-in.
 */
@Injectable()
export class SessionsService {
  constructor(private readonly people: PeopleRepository) {}

  /**
   * Opens a session for `userId`; the caller sets `token` as the session cookie. `boundOrganizationId`
   * (an SSO sign-in) makes it act in that organization only.
   */
  async start(
    tx: Transaction,
    userId: string,
    boundOrganizationId?: string,
  ): Promise<{ session: SessionRow; token: string }> {
    const credential = issueCredential('session');
    const request = currentRequestContext();
    const session = await this.people.insertSession(tx.manager, {
      id: credential.id,
      userId,
      secretSha256: credential.secretSha256,
      address: request?.address ?? null,
      userAgent: request?.userAgent ?? null,
      organizationId: boundOrganizationId ?? null,
    });
    tx.publish(
      tenancyEventMessage({
        id: newUuidV7(),
        organization_id: NO_ORGANIZATION,
        event: 'session.started',
        timestamp: session.created_at.toISOString(),
        details: {
          session_id: session.id,
          user_id: userId,
          secret_sha256: credential.secretSha256,
          ...(boundOrganizationId ? { bound_organization_id: boundOrganizationId } : {}),
        },
      }),
    );
    return { session, token: credential.token };
  }

  /** Ends sessions (sign-out, idle expiry, ended by their owner); returns how many were still open. */
  async end(tx: Transaction, sessionIds: string[], reason: string): Promise<number> {
    const ended = await this.people.endSessions(tx.manager, sessionIds, reason);
    const timestamp = new Date().toISOString();
    for (const session of ended)
      tx.publish(
        tenancyEventMessage({
          id: newUuidV7(),
          organization_id: NO_ORGANIZATION,
          event: 'session.ended',
          timestamp,
          details: { session_id: session.id, user_id: session.user_id },
        }),
      );
    return ended.length;
  }
}
