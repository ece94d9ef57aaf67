import { Module } from '@nestjs/common';
import { PeopleModule } from '../people/people.module';
import { SignInFailuresRepository } from './sign-in-failures.repository';
import { SignInLimiter } from './sign-in-limiter';

/** The sign-in limit, which every password check goes through, wherever the password is asked for. */
@Module({
  imports: [PeopleModule],
  providers: [SignInLimiter, SignInFailuresRepository],
  exports: [SignInLimiter, SignInFailuresRepository],
})
export class SignInLimiterModule {}
