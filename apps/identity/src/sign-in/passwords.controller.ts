import { Body, Controller, HttpStatus, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentPerson, type Person, SignedIn } from '@governance/auth';
import { ApiSessionAuth, Endpoint } from '@governance/platform';
import { type FastifyRequest } from 'fastify';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { refuseForeignOrigin } from './browser-request';
import { PasswordsService } from './passwords.service';
import { NEEDS_SESSION } from './sign-in.controller';
import {
  ChangePasswordDto,
  PasswordResetConfirmDto,
  PasswordResetDto,
  PasswordResetResponse,
} from './sign-in.dto';
import { examples } from './sign-in.openapi';

const FOREIGN_ORIGIN: [number, string] = [403, '`csrf_rejected`: sent by a page of another site (`Origin`).'];
const NEW_PASSWORD_REFUSED =
  '`validation_failed`: a bad field; `new_password` names what the policy refuses (too short, too common, ' +
  'the email address).';

@Controller('api/service/auth')
@ApiTags('Sign-in')
export class PasswordsController {
  constructor(
    private readonly passwords: PasswordsService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Post('password')
  @UseGuards(AuthGuard)
  @SignedIn()
  @ApiSessionAuth()
  @Endpoint({
    summary: 'Change my password',
    description:
      'Sets a new password, given the current one, and ends the person’s other sessions everywhere. A ' +
      `wrong current password counts as a failed sign-in. ${NEEDS_SESSION}`,
    body: [ChangePasswordDto, examples.changePassword],
    answer: [204, 'The password is changed.'],
    errors: [
      [400, `${NEW_PASSWORD_REFUSED} A wrong \`current_password\` is named the same way.`],
      [403, '`csrf_rejected`: a browser request without the CSRF token or Origin.'],
      [429, '`too_many_requests`: too many failed attempts for this account or address; see `Retry-After`.'],
    ],
  })
  change(
    @CurrentPerson() person: Person,
    @Body() body: ChangePasswordDto,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    return this.passwords.change(person, body.current_password, body.new_password, request.ip);
  }

  @Post('password-reset')
  @Endpoint({
    summary: 'Ask for a password reset link',
    description:
      'Emails a one-time link to choose a new password, valid `PASSWORD_RESET_TTL_MS` (an hour by ' +
      'default), when the email has an account. The answer is the same, in the same time, whether or not it ' +
      'has one. Requests are limited per email and per address (`PASSWORD_RESET_MAX_PER_ACCOUNT`, ' +
      '`…_PER_ADDRESS`). Without an SMTP server no link is made: the operator issues one with ' +
      '`POST /admin/v1/password-reset-links`. Needs no authentication; a browser request needs `Origin` of ' +
      'the console.',
    body: [PasswordResetDto, examples.passwordReset],
    answer: [
      HttpStatus.ACCEPTED,
      'Accepted: a link is on its way if the email has an account.',
      PasswordResetResponse,
      examples.passwordResetAccepted,
    ],
    errors: [
      FOREIGN_ORIGIN,
      [429, '`too_many_requests`: too many reset requests for this email or address; see `Retry-After`.'],
    ],
  })
  async requestReset(
    @Body() body: PasswordResetDto,
    @Req() request: FastifyRequest,
  ): Promise<PasswordResetResponse> {
    refuseForeignOrigin(request, this.config.publicUrl);
    return this.passwords.requestReset(body.email, request.ip);
  }

  @Post('password-reset/confirm')
  @Endpoint({
    summary: 'Reset my password',
    description:
      'Sets a new password with the token of an emailed reset link, uses the link up, and ends all the ' +
      'person’s sessions everywhere; then they sign in. Needs no authentication; a browser request needs ' +
      '`Origin` of the console.',
    body: [PasswordResetConfirmDto, examples.passwordResetConfirm],
    answer: [204, 'The password is set.'],
    errors: [[400, NEW_PASSWORD_REFUSED], FOREIGN_ORIGIN, 410],
  })
  async confirmReset(@Body() body: PasswordResetConfirmDto, @Req() request: FastifyRequest): Promise<void> {
    refuseForeignOrigin(request, this.config.publicUrl);
    await this.passwords.confirmReset(body.token, body.new_password);
  }
}
