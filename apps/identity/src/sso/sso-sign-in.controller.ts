import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '@governance/platform';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { examples } from './sso.openapi';
import { DiscoverSsoQuery, SsoCallbackQuery, SsoDiscoveryResponse, StartSsoQuery } from './sso.dto';
import { type BrowserRedirect, SsoSignInService } from './sso-sign-in.service';

function redirect(reply: FastifyReply, to: BrowserRedirect): void {
  void reply.header('set-cookie', to.cookies).header('cache-control', 'no-store').redirect(to.location, 302);
}

/** The browser's side of SSO: no credential, since it is how a person gets one. */
@Controller('api/service/auth/sso')
@ApiTags('SSO')
export class SsoSignInController {
  constructor(private readonly signIn: SsoSignInService) {}

  @Get('discover')
  @Endpoint({
    summary: 'Does this email sign in with SSO?',
    description:
      'For the sign-in page: whether the email’s domain belongs to an organization with SSO enabled.',
    query: DiscoverSsoQuery,
    answer: [200, 'Whether to offer “Sign in with SSO”.', SsoDiscoveryResponse, examples.discovery],
  })
  discover(@Query() query: DiscoverSsoQuery): Promise<SsoDiscoveryResponse> {
    return this.signIn.discover(query.email);
  }

  @Get('start')
  @Endpoint({
    summary: 'Start an SSO sign-in',
    description:
      'Redirects the browser to the organization’s OpenID Provider (authorization code flow with PKCE, state ' +
      'and nonce) and sets the short-lived `service_sso_state` cookie that the callback checks. Give `email` ' +
      '(its domain finds the organization) or `organization`.',
    query: StartSsoQuery,
    answer: [302, 'To the provider’s authorization endpoint.'],
    errors: [
      [404, '`not_found`: no organization with SSO enabled for this email’s domain, or of this id.'],
      [503, '`service_unavailable`: the organization’s provider cannot be reached.'],
    ],
  })
  async start(@Query() query: StartSsoQuery, @Res() reply: FastifyReply): Promise<void> {
    redirect(reply, await this.signIn.start(query));
  }

  @Get('callback')
  @Endpoint({
    summary: 'Finish an SSO sign-in',
    description:
      'Where the provider sends the browser back. On success: the person (created just in time if new) gets ' +
      'a session (`service_session` and `service_csrf` cookies) and is sent to the console. On failure: sent ' +
      'to `<PUBLIC_URL>/sign-in?error=<code>`, signed in nowhere; the codes are in docs/sso.md.',
    query: SsoCallbackQuery,
    answer: [302, 'To the console, signed in, or to its sign-in page with `?error=<code>`.'],
    errors: [[400, '`validation_failed`: no `state`, or neither `code` nor `error`: not a callback.']],
  })
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    redirect(reply, await this.signIn.callback(query, request.headers.cookie));
  }
}
