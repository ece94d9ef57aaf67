import { Body, Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '@governance/platform';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { presentedSessionToken, setSessionCookies } from '../people/session-cookies';
import { refuseForeignOrigin } from './browser-request';
import { SetupDto, SetupStatusResponse, SignInResponse } from './sign-in.dto';
import { examples } from './sign-in.openapi';
import { SetupService } from './setup.service';

@Controller('api/service/auth')
@ApiTags('Sign-in')
export class SetupController {
  constructor(
    private readonly setups: SetupService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Get('setup')
  @Endpoint({
    summary: 'Tell whether the first owner is still to be set up',
    description:
      'Lets the sign-in page point a visitor to the first-start setup link while nobody has an account. ' +
      'Says nothing else; needs no authentication.',
    answer: [200, 'Whether setup is pending.', SetupStatusResponse, { setup_pending: false }],
  })
  status(): Promise<SetupStatusResponse> {
    return this.setups.status();
  }

  @Post('setup')
  @Endpoint({
    summary: 'Set up an owner with a setup link',
    description:
      'Uses a one-time setup link. The first-start link (printed by identity at start while nobody has an ' +
      'account, or `SETUP_TOKEN`) creates the first person, their organization (`organization_name`, on ' +
      'the professional plan) and makes them its owner. A link from the admin API (`owner_email`) makes ' +
      'the person it was sent to the owner of its organization: `email` must be that address, and an ' +
      'existing account proves itself with its own password. Either signs the person in, setting the ' +
      'cookies as sign-in does. Needs no authentication; a browser request needs `Origin` of the console.',
    body: [SetupDto, examples.setup],
    answer: [201, 'The owner, signed in; the cookies are set.', SignInResponse, examples.signedIn],
    errors: [
      [
        400,
        '`validation_failed`: a bad field, the password refused by the policy, `email` not the link’s, or ' +
          '`organization_name` missing with the first-start link.',
      ],
      [403, '`csrf_rejected`: sent by a page of another site (`Origin`).'],
      [409, '`conflict`: an account with this email exists already.'],
      [410, '`link_invalid`: the link is unknown, used or expired, or setup is done already.'],
      [429, '`too_many_requests`: too many wrong passwords for the existing account; see `Retry-After`.'],
    ],
  })
  async setup(
    @Body() body: SetupDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignInResponse> {
    refuseForeignOrigin(request, this.config.publicUrl);
    const presented = presentedSessionToken(request.headers.cookie);
    const { answer, token } = await this.setups.setup(body, presented, request.ip);
    setSessionCookies(reply, token, this.config);
    return answer;
  }
}
