import {
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentPrincipal, type Principal, RequirePermission } from '@governance/auth';
import { ApiKeyAuth, Endpoint } from '@governance/platform';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { setSessionCookies } from '../people/session-cookies';
import {
  AcceptedInvitationResponse,
  AcceptInvitationDto,
  CreatedInvitationResponse,
  CreateInvitationDto,
  InvitationLookupResponse,
  InvitationPageResponse,
  InvitationTokenQuery,
  ListInvitationsQuery,
} from './invitation.dto';
import { examples } from './invitations.openapi';
import { InvitationsService } from './invitations.service';

const FORBIDDEN: [number, string] = [
  403,
  '`forbidden`: only owners and admins (or a `full` key) invite, and only an owner invites an owner.',
];

const UNUSABLE: [number, string] = [
  410,
  '`invitation_expired`, `invitation_revoked` or `invitation_accepted`: the link no longer works; an ' +
    'expired or revoked one needs a new invitation.',
];
const UNKNOWN: [number, string] = [404, '`not_found`: no invitation has this token.'];

/** Inviting people, by owners and admins. */
@Controller('api/service/invitations')
@UseGuards(AuthGuard)
@ApiTags('Members')
@ApiKeyAuth()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post()
  @RequirePermission('members:write')
  @Endpoint({
    summary: 'Invite a person',
    description:
      'Emails a one-time link, valid 7 days (`INVITATION_TTL_MS`), that makes the person a member with ' +
      'this role. When the email is not sent (`SMTP_URL` unset, or the server refused it), the answer ' +
      'carries the link as `accept_url` for you to hand over; it is shown nowhere else.',
    body: [CreateInvitationDto, examples.create],
    answer: [201, 'The invitation.', CreatedInvitationResponse, examples.created],
    errors: [FORBIDDEN, [409, '`conflict`: the person is already a member, or has a pending invitation.']],
  })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateInvitationDto,
  ): Promise<CreatedInvitationResponse> {
    return this.invitations.create(principal, body);
  }

  @Get()
  @RequirePermission('members:read')
  @Endpoint({
    summary: 'List pending invitations',
    description: 'Invitations neither accepted, revoked nor expired, newest first.',
    query: ListInvitationsQuery,
    answer: [200, 'One page of invitations.', InvitationPageResponse, examples.page],
  })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListInvitationsQuery,
  ): Promise<InvitationPageResponse> {
    return this.invitations.list(principal.organizationId, query);
  }

  @Delete(':id')
  @RequirePermission('members:write')
  @Endpoint({
    summary: 'Revoke an invitation',
    description:
      'Its link stops working. An invitation already revoked answers 404, like an unknown one; only an ' +
      'owner revokes an invitation to become owner.',
    id: ['invitation', 'inv'],
    answer: [204, 'Revoked.'],
    errors: [FORBIDDEN, [409, '`conflict`: the invitation was already accepted; remove the member instead.']],
  })
  revoke(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.invitations.revoke(principal, id);
  }
}

/**
 * Accepting an invitation, by the invited person, who has no session yet: the token is the credential. A
 * page of another site cannot post here (login CSRF): bodies are JSON only, which no cross-site form can
 * send, and no CORS preflight is ever allowed.
 */
@Controller('api/service/invitations')
@ApiTags('Members')
export class InvitationAcceptanceController {
  constructor(
    private readonly invitations: InvitationsService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Get('lookup')
  @Endpoint({
    summary: 'Look up an invitation',
    description:
      'What the acceptance page shows: the organization, the email and role, and whether an account has ' +
      'this email (then accepting takes its password; otherwise a name and a new password). Needs no ' +
      'session: the token from the link is the credential.',
    query: InvitationTokenQuery,
    answer: [200, 'The invitation.', InvitationLookupResponse, examples.lookup],
    errors: [UNKNOWN, UNUSABLE],
  })
  lookup(@Query() query: InvitationTokenQuery): Promise<InvitationLookupResponse> {
    return this.invitations.lookup(query.token);
  }

  @Post('accept')
  @Endpoint({
    summary: 'Accept an invitation',
    description:
      'Makes the invited email’s account a member with the invited role and signs it in: the answer sets ' +
      'the `service_session` cookie (httpOnly) and the `service_csrf` cookie. Without an account for the ' +
      'email, it creates one from `name` and `password`; with one, `password` must be its password. A link ' +
      'works once. A wrong password counts as a failed sign-in of the account, under the same limit.',
    body: [AcceptInvitationDto, examples.accept],
    answer: [200, 'Signed in as a member.', AcceptedInvitationResponse, examples.accepted],
    errors: [
      [400, '`validation_failed`: a bad field, a new account without `name`, or a password too weak.'],
      [401, '`unauthorized`: the password is not the existing account’s.'],
      [
        429,
        '`too_many_requests`: too many failed password checks for this account or address; see `Retry-After`.',
      ],
      UNKNOWN,
      [409, '`conflict`: the person is already a member.'],
      UNUSABLE,
    ],
  })
  async accept(
    @Body() body: AcceptInvitationDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AcceptedInvitationResponse> {
    const { sessionToken, response } = await this.invitations.accept(body, request.ip);
    setSessionCookies(reply, sessionToken, this.config);
    return response;
  }
}
