import { Module } from '@nestjs/common';
import { PeopleModule } from '../people/people.module';
import { OneTimeLinksRepository } from './one-time-links.repository';
import { SetupLinksService } from './setup-links.service';

/** Setup links: the first start's, and the ones the admin API issues with a new organization. */
@Module({
  imports: [PeopleModule],
  providers: [OneTimeLinksRepository, SetupLinksService],
  exports: [OneTimeLinksRepository, SetupLinksService],
})
export class SetupLinksModule {}
