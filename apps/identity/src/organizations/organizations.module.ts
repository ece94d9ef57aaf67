import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller';
import { AdminTokenGuard } from '@governance/platform';
import { OrganizationRepository } from './organization.repository';
import { OrganizationsService } from './organizations.service';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { SetupLinksModule } from '../sign-in/setup-links.module';

@Module({
  imports: [ApiKeysModule, SetupLinksModule],
  controllers: [AdminController],
  providers: [OrganizationsService, OrganizationRepository, AdminTokenGuard],
  exports: [OrganizationsService],
})
export class OrganizationsModule {}
