import { Body, Controller, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ADMIN_TOKEN_AUTH,
  AdminTokenGuard,
  ApiError,
  ApiErrors,
  Endpoint,
  ErrorCode,
} from '@governance/platform';
import { PasswordsService } from './passwords.service';
import { SetupLinksService } from './setup-links.service';
import { PasswordResetDto, ResetLinkResponse, SetupLinkResponse } from './sign-in.dto';
import { examples } from './sign-in.openapi';

/**
 * Links the operator hands over in person, where no email can carry them: they are in the answer to whoever
 * holds ADMIN_TOKEN, and nowhere else (never in the log).
 */
@Controller('admin/v1')
@UseGuards(AdminTokenGuard)
@ApiTags('Admin')
@ApiBearerAuth(ADMIN_TOKEN_AUTH)
@ApiErrors([401, '`unauthorized`: the admin token is missing or wrong.'])
export class AdminLinksController {
  constructor(
    private readonly setupLinks: SetupLinksService,
    private readonly passwords: PasswordsService,
  ) {}

  @Post('setup-link')
  @Endpoint({
    summary: 'Issue the first-start setup link',
    description:
      'While nobody has an account: a fresh one-time link that creates the first owner and their ' +
      'organization, retiring every earlier one (the standalone prints one on its terminal at each start).',
    answer: [
      HttpStatus.CREATED,
      'The link, shown in this answer only.',
      SetupLinkResponse,
      examples.setupLink,
    ],
    errors: [[409, '`conflict`: someone has an account already; people are invited from now on.']],
  })
  async setupLink(): Promise<SetupLinkResponse> {
    const link = await this.setupLinks.firstStart();
    if (!link)
      throw new ApiError(
        HttpStatus.CONFLICT,
        ErrorCode.Conflict,
        'Setup is done already: invite people instead',
      );
    return { setup_url: link.url, expires_at: link.expiresAt.toISOString() };
  }

  @Post('password-reset-links')
  @Endpoint({
    summary: 'Issue a password reset link',
    description:
      'A one-time link to choose a new password for the account of `email`, valid `PASSWORD_RESET_TTL_MS`, ' +
      'for the operator to hand over when no SMTP server is configured (a reset asked for then makes no ' +
      'link). Check who is asking before handing it over: it is as good as the account.',
    body: [PasswordResetDto, examples.passwordReset],
    answer: [
      HttpStatus.CREATED,
      'The link, shown in this answer only.',
      ResetLinkResponse,
      examples.resetLink,
    ],
    errors: [[404, '`not_found`: no account has this email.']],
  })
  resetLink(@Body() body: PasswordResetDto): Promise<ResetLinkResponse> {
    return this.passwords.issueResetLink(body.email);
  }
}
