import { Module } from '@nestjs/common';
import { OrganizationSettingsController } from './organization-settings.controller';
import { OrganizationSettingsRepository } from './organization-settings.repository';
import { OrganizationSettingsService } from './organization-settings.service';

/** The organization's own settings page: its name, and a summary of its SSO. */
@Module({
  controllers: [OrganizationSettingsController],
  providers: [OrganizationSettingsService, OrganizationSettingsRepository],
})
export class OrganizationSettingsModule {}
