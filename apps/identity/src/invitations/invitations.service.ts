import { randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { isId, newId } from '@governance/contracts';
import { type Principal, sha256Hex } from '@governance/auth';
import { UnitOfWork } from '@governance/messaging';
import {
  ApiError,
  currentRequestContext,
  ErrorCode,
  type FieldProblem,
  ISO_MILLISECONDS,
  readPage,
  violatesUnique,
  withIsoDates,
} from '@governance/platform';
import { actorColumn, actorRefOf } from '../api-keys/actor-ref';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';
import { decideInvitation, managerOf } from '../members/member-rules';
import { MembershipsService } from '../people/memberships.service';
import { hashPassword, passwordProblem } from '../people/passwords';
import { PeopleRepository, type UserRow } from '../people/people.repository';
import { SessionsService } from '../people/sessions.service';
import { SignInLimiter } from '../sign-in/sign-in-limiter';
import {
  type AcceptedInvitationResponse,
  type AcceptInvitationDto,
  type CreatedInvitationResponse,
  type CreateInvitationDto,
  type InvitationLookupResponse,
  type InvitationPageResponse,
  type InvitationResponse,
  type ListInvitationsQuery,
} from './invitation.dto';
import { acceptUrl, invitationMail, invitationStatus, unusableInvitation } from './invitation-rules';
import {
  InvitationRepository,
  type InvitationRow,
  type InvitationWithOrganization,
} from './invitation.repository';

/** A membership and a session work on every service once the call answers: their events are on the bus. */
const PUBLISHED = { awaitPublished: true };

/** `next_cursor` of the listing: the last invitation's creation time and id. */
const LIST_CURSOR = { at: ISO_MILLISECONDS, id: /^inv_[0-9A-HJKMNP-TV-Z]{26}$/ };

const conflict = (message: string) => new ApiError(HttpStatus.CONFLICT, ErrorCode.Conflict, message);
const forbidden = (message: string) => new ApiError(HttpStatus.FORBIDDEN, ErrorCode.Forbidden, message);
const unknownInvitation = () => ApiError.notFound('Invitation');

function toInvitationResponse(row: InvitationRow): InvitationResponse {
  return withIsoDates({
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: actorRefOf(row.invited_by),
    created_at: row.created_at,
    expires_at: row.expires_at,
  });
}

/** The invitation a token names while it can still be accepted; 404 or 410 otherwise. */
function usable(invitation: InvitationWithOrganization | undefined): InvitationWithOrganization {
  if (!invitation) throw unknownInvitation();
  const status = invitationStatus(invitation, new Date());
  if (status !== 'pending') throw unusableInvitation(status);
  return invitation;
}

/** A signed-in person's session token, which the controller sets as cookies, and what the answer shows. */
export interface Acceptance {
  sessionToken: string;
  response: AcceptedInvitationResponse;
}

/**
 * Invitations by email: a one-time link (only its token's digest is stored) that makes the invited person a
 * member with the invited role, creating their account when they have none, and signs them in.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly invitations: InvitationRepository,
    private readonly people: PeopleRepository,
    private readonly memberships: MembershipsService,
    private readonly sessions: SessionsService,
    private readonly mailer: Mailer,
    private readonly limiter: SignInLimiter,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Invites `email` and emails the link. When the email was not sent (no SMTP server, or it failed), the
   * answer carries the link instead, for the inviting admin to hand over; it is shown nowhere else.
   */
  async create(principal: Principal, body: CreateInvitationDto): Promise<CreatedInvitationResponse> {
    const { organizationId, actor } = principal;
    const decision = decideInvitation(managerOf(actor), body.role);
    if (!decision.ok) throw forbidden(decision.message);
    const token = randomBytes(32).toString('base64url');
    const createdAt = new Date();
    const row = await this.unitOfWork.run(async (tx) => {
      await this.invitations.lockEmail(tx.manager, organizationId, body.email);
      if (await this.invitations.isMember(tx.manager, organizationId, body.email))
        throw conflict(`${body.email} is already a member of this organization`);
      if (await this.invitations.hasPending(tx.manager, organizationId, body.email, createdAt))
        throw conflict(`${body.email} already has a pending invitation; revoke it to invite them again`);
      const row = await this.invitations.insert(tx.manager, {
        id: newId('invitation'),
        organizationId,
        email: body.email,
        role: body.role,
        tokenSha256: sha256Hex(token),
        invitedBy: actorColumn(actor),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + this.config.invitationTtlMs),
      });
      tx.audit({
        organizationId,
        action: 'invitation.created',
        target: { type: 'invitation', id: row.id },
        after: { email: row.email, role: row.role, expires_at: row.expires_at.toISOString() },
      });
      return row;
    }, PUBLISHED);
    const url = acceptUrl(this.config.publicUrl, token);
    const sent = await this.mailer.send(
      invitationMail({
        to: row.email,
        organizationName: (await this.invitations.organizationName(organizationId)) ?? organizationId,
        inviterName: actor.type === 'user' ? (await this.people.findUser(actor.id))?.name : undefined,
        role: row.role,
        url,
        expiresAt: row.expires_at,
      }),
    );
    return { ...toInvitationResponse(row), ...(sent ? {} : { accept_url: url }) };
  }

  list(organizationId: string, query: ListInvitationsQuery): Promise<InvitationPageResponse> {
    const now = new Date();
    return readPage(
      query,
      LIST_CURSOR,
      (limit, after) => this.invitations.listPending(organizationId, now, limit, after),
      (row) => ({ at: row.created_at.toISOString(), id: row.id }),
      toInvitationResponse,
    );
  }

  /**
   * Revokes an invitation that was not accepted: its link stops working. An accepted one is 409 (remove the
   * member instead); one already revoked is 404, like an unknown one.
   */
  async revoke(principal: Principal, id: string): Promise<void> {
    const { organizationId } = principal;
    if (!isId('invitation', id)) throw unknownInvitation();
    await this.unitOfWork.run(async (tx) => {
      const invitation = await this.invitations.find(tx.manager, organizationId, id);
      if (!invitation || invitation.revoked_at) throw unknownInvitation();
      if (invitation.accepted_at)
        throw conflict('This invitation was already accepted; remove the member instead');
      const decision = decideInvitation(managerOf(principal.actor), invitation.role);
      if (!decision.ok) throw forbidden(decision.message);
      await this.invitations.markRevoked(tx.manager, organizationId, id, new Date());
      tx.audit({
        organizationId,
        action: 'invitation.revoked',
        target: { type: 'invitation', id },
        before: { email: invitation.email, role: invitation.role },
      });
    }, PUBLISHED);
  }

  /** What the acceptance page shows before it asks for a password (and a name, for a new account). */
  async lookup(token: string): Promise<InvitationLookupResponse> {
    const invitation = usable(await this.invitations.findByToken(sha256Hex(token)));
    const account = await this.people.findUserByEmail(invitation.email);
    return {
      organization: { id: invitation.organization_id, name: invitation.organization_name },
      email: invitation.email,
      role: invitation.role,
      expires_at: invitation.expires_at.toISOString(),
      account_exists: account !== undefined,
    };
  }

  /**
   * Accepts an invitation: the invited email's account (created with `name` and `password` when there is
   * none; otherwise its password must match) becomes a member with the invited role and is signed in.
   * Refusals write nothing, and a token works once.
   */
  async accept(body: AcceptInvitationDto, address: string | null): Promise<Acceptance> {
    const tokenSha256 = sha256Hex(body.token);
    const invited = usable(await this.invitations.findByToken(tokenSha256));
    const account = await this.people.findUserByEmail(invited.email);
    // The slow password work happens before the transaction, which holds the invitation's lock.
    const newAccount = account ? undefined : await this.newAccount(invited.email, body);
    // Whoever can invite an email must not be able to guess its password faster than a sign-in could.
    const check = {
      email: invited.email,
      account,
      password: body.password,
      address,
      via: 'invitation',
    } as const;
    if (account && !(await this.limiter.checkPassword(check)))
      throw ApiError.unauthorized(`The password is not the one of the account of ${invited.email}`);
    try {
      return await this.unitOfWork.run(async (tx) => {
        // Read again under lock: a concurrent acceptance or revocation wins, and this one writes nothing.
        const invitation = usable(await this.invitations.findByToken(tokenSha256, tx.manager));
        const organizationId = invitation.organization_id;
        const user: UserRow =
          account ??
          (await this.people.insertUser(tx.manager, {
            id: newId('user'),
            email: invitation.email,
            ...newAccount!,
          }));
        if (await this.people.findMembership(tx.manager, organizationId, user.id))
          throw conflict(`${user.email} is already a member of this organization`);
        actAs(user.id);
        await this.memberships.add(tx, organizationId, user.id, invitation.role);
        await this.invitations.markAccepted(tx.manager, organizationId, invitation.id, new Date());
        tx.audit({
          organizationId,
          action: 'invitation.accepted',
          target: { type: 'invitation', id: invitation.id },
          after: { email: invitation.email, role: invitation.role, user_id: user.id, new_account: !account },
        });
        const { token } = await this.sessions.start(tx, user.id);
        return {
          sessionToken: token,
          response: {
            user: { id: user.id, email: user.email, name: user.name },
            organization: { id: organizationId, name: invitation.organization_name },
            role: invitation.role,
          },
        };
      }, PUBLISHED);
    } catch (error) {
      if (violatesUnique(error, 'users_email_idx'))
        throw conflict(
          `An account for ${invited.email} was created meanwhile; accept again with its password`,
        );
      if (violatesUnique(error, 'memberships_pkey'))
        throw conflict(`${invited.email} became a member of this organization meanwhile`);
      throw error;
    }
  }

  private async newAccount(email: string, body: AcceptInvitationDto) {
    const problems: FieldProblem[] = [];
    if (body.name === undefined)
      problems.push({ field: 'name', message: 'name is required: no account has this email yet' });
    const problem = passwordProblem(body.password, email);
    if (problem) problems.push({ field: 'password', message: problem });
    if (problems.length > 0 || body.name === undefined) throw ApiError.validation(problems);
    return { name: body.name, passwordHash: await hashPassword(body.password) };
  }
}

/** The audit trail names the person accepting as the actor of what follows, though no guard knew them. */
function actAs(userId: string): void {
  const context = currentRequestContext();
  if (context) context.actor = { type: 'user', id: userId };
}
