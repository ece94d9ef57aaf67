import { Body, Controller, Delete, Get, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentPerson, type Person, SignedIn } from '@governance/auth';
import { ApiSessionAuth, Endpoint } from '@governance/platform';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { clearSessionCookies, presentedSessionToken, setSessionCookies } from '../people/session-cookies';
import { refuseForeignOrigin } from './browser-request';
import { LoginDto, MeResponse, SessionListResponse, SignInResponse } from './sign-in.dto';
import { examples } from './sign-in.openapi';
import { SignInService } from './sign-in.service';

/** What every signed-in route's description says of its authentication, until the security scheme does. */
export const NEEDS_SESSION =
  'Needs a session: the `service_session` cookie set by sign-in (an API key is refused). From a browser, ' +
  'a POST or DELETE also needs `Origin` of the console and `X-Service-CSRF` repeating the `service_csrf` cookie ' +
  '(`__Host-service_csrf` over HTTPS).';

const FOREIGN_ORIGIN: [number, string] = [403, '`csrf_rejected`: sent by a page of another site (`Origin`).'];
const FORGED: [number, string] = [
  403,
  '`csrf_rejected`: a browser request without the CSRF token or Origin.',
];

@Controller('api/service/auth')
@ApiTags('Sign-in')
export class SignInController {
  constructor(
    private readonly signIn: SignInService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Post('login')
  @Endpoint({
    summary: 'Sign in',
    description:
      'Checks the email and password and opens a session: a new one at every sign-in, ending the session ' +
      'the browser presented. Sets the `service_session` cookie (httpOnly) and `service_csrf` (readable, ' +
      'to repeat in `X-Service-CSRF`; `__Host-service_csrf` when cookies are Secure). An unknown email and a wrong password get the same answer. Failed ' +
      'sign-ins are limited per account and per address, and a limited one is refused even with the right ' +
      'password. Needs no authentication; a browser request needs `Origin` of the console.',
    body: [LoginDto, examples.login],
    answer: [
      200,
      'The person and their organizations; the cookies are set.',
      SignInResponse,
      examples.signedIn,
    ],
    errors: [
      [401, '`unauthorized`: the email or the password is wrong.'],
      FOREIGN_ORIGIN,
      [429, '`too_many_requests`: too many failed sign-ins for this account or address; see `Retry-After`.'],
    ],
  })
  async login(
    @Body() body: LoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignInResponse> {
    refuseForeignOrigin(request, this.config.publicUrl);
    const presented = presentedSessionToken(request.headers.cookie);
    const { answer, token } = await this.signIn.login(body, presented, request.ip);
    setSessionCookies(reply, token, this.config);
    return answer;
  }

  @Post('logout')
  @UseGuards(AuthGuard)
  @SignedIn()
  @ApiSessionAuth()
  @Endpoint({
    summary: 'Sign out',
    description: `Ends the session on every service at once and clears both cookies. ${NEEDS_SESSION}`,
    answer: [204, 'Signed out; the cookies are cleared.'],
    errors: [FORGED],
  })
  async logout(
    @CurrentPerson() person: Person,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.signIn.logout(person);
    clearSessionCookies(reply, this.config);
  }

  @Get('me')
  @UseGuards(AuthGuard)
  @SignedIn()
  @ApiSessionAuth()
  @Endpoint({
    summary: 'Who is signed in',
    description:
      'The person, their organizations and roles, and the session. Calling it counts as activity: it ' +
      `moves the session's idle deadline (\`idle_expires_at\`). ${NEEDS_SESSION}`,
    answer: [200, 'The signed-in person.', MeResponse, examples.me],
  })
  async me(
    @CurrentPerson() person: Person,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MeResponse> {
    void reply.header('cache-control', 'no-store');
    return this.signIn.me(person);
  }

  @Get('sessions')
  @UseGuards(AuthGuard)
  @SignedIn()
  @ApiSessionAuth()
  @Endpoint({
    summary: 'List my sessions',
    description: `The person's open sessions, newest first; \`current\` marks this request's. ${NEEDS_SESSION}`,
    answer: [200, 'The open sessions.', SessionListResponse, examples.sessions],
  })
  sessions(@CurrentPerson() person: Person): Promise<SessionListResponse> {
    return this.signIn.list(person);
  }

  @Delete('sessions/:id')
  @UseGuards(AuthGuard)
  @SignedIn()
  @ApiSessionAuth()
  @Endpoint({
    summary: 'End one of my sessions',
    description:
      'Ends one of the person’s own sessions on every service at once (a lost laptop); ending the current ' +
      `one also clears the cookies. Another person's session is not found. ${NEEDS_SESSION}`,
    id: ['session', 'ses'],
    answer: [204, 'The session is ended.'],
    errors: [FORGED],
  })
  async end(
    @CurrentPerson() person: Person,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.signIn.end(person, id);
    if (id === person.sessionId) clearSessionCookies(reply, this.config);
  }
}
