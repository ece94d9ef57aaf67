import { Module } from '@nestjs/common';
import { MembershipsService } from './memberships.service';
import { PeopleRepository } from './people.repository';
import { SessionsService } from './sessions.service';

/** Accounts, memberships and sessions: what sign-in, members, invitations and SSO build on. */
@Module({
  providers: [PeopleRepository, SessionsService, MembershipsService],
  exports: [PeopleRepository, SessionsService, MembershipsService],
})
export class PeopleModule {}
