import { Module } from '@nestjs/common';
import { PeopleModule } from '../people/people.module';
import { MemberRepository } from './member.repository';
import { MembersController } from './members.controller';
import { MembersService } from './members.service';

@Module({
  imports: [PeopleModule],
  controllers: [MembersController],
  providers: [MembersService, MemberRepository],
})
export class MembersModule {}
