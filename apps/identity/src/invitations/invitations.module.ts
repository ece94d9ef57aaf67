import { Module } from '@nestjs/common';
import { PeopleModule } from '../people/people.module';
import { SignInLimiterModule } from '../sign-in/sign-in-limiter.module';
import { InvitationRepository } from './invitation.repository';
import { InvitationAcceptanceController, InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';

@Module({
  imports: [PeopleModule, SignInLimiterModule],
  controllers: [InvitationsController, InvitationAcceptanceController],
  providers: [InvitationsService, InvitationRepository],
})
export class InvitationsModule {}
