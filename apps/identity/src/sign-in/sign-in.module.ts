import { Module } from '@nestjs/common';
import { AdminLinksController } from './admin-links.controller';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PeopleModule } from '../people/people.module';
import { PasswordsController } from './passwords.controller';
import { PasswordsService } from './passwords.service';
import { SessionSweep } from './session-sweep';
import { SetupLinksModule } from './setup-links.module';
import { SetupController } from './setup.controller';
import { SetupService } from './setup.service';
import { SignInController } from './sign-in.controller';
import { SignInLimiterModule } from './sign-in-limiter.module';
import { SignInService } from './sign-in.service';

/** Sign-in, sign-out and sessions, passwords, and setup links: `/api/service/auth`. */
@Module({
  imports: [PeopleModule, OrganizationsModule, SetupLinksModule, SignInLimiterModule],
  controllers: [SignInController, PasswordsController, SetupController, AdminLinksController],
  providers: [SignInService, PasswordsService, SetupService, SessionSweep],
})
export class SignInModule {}
