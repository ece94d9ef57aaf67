import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import { ActivityQuery, type ActivityPage } from '../activity/activity.dto';
import { DashboardService } from './dashboard.service';
import { type ComplianceStatusResponse, type SummaryResponse } from './summary.dto';

/** Open to every plan; each answer covers the caller's organization only. */
@Controller('api/service/dashboard')
@UseGuards(ApiKeyGuard)
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('summary')
  summary(@CurrentOrganization() organization: AuthenticatedOrganization): Promise<SummaryResponse> {
    return this.dashboard.summary(organization.id);
  }

  @Get('compliance-status')
  complianceStatus(
    @CurrentOrganization() organization: AuthenticatedOrganization,
  ): Promise<ComplianceStatusResponse> {
    return this.dashboard.complianceStatus(organization.id);
  }

  @Get('activity')
  activity(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Query() query: ActivityQuery,
  ): Promise<ActivityPage> {
    return this.dashboard.activity(organization.id, query);
  }
}
