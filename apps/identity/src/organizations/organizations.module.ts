import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller';
import { AdminTokenGuard } from '@governance/platform';
import { OrganizationRepository } from './organization.repository';
import { OrganizationsService } from './organizations.service';
import { ApiKeysModule } from '../api-keys/api-keys.module';

@Module({
  imports: [ApiKeysModule],
  controllers: [AdminController],
  providers: [OrganizationsService, OrganizationRepository, AdminTokenGuard],
})
export class OrganizationsModule {}
