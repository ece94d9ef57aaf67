import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import { ApiErrors, ApiJsonResponse, ApiKeyAuth, ApiQueryFrom } from '@governance/platform';
import { ActivityQuery, type ActivityPage } from '../activity/activity.dto';
import { activityPageSchema, complianceStatusSchema, examples, summarySchema } from './dashboard.openapi';
import { DashboardService } from './dashboard.service';
import { type ComplianceStatusResponse, type SummaryResponse } from './summary.dto';

/** Open to every plan; each answer covers the caller's organization only. */
@Controller('api/service/dashboard')
@UseGuards(ApiKeyGuard)
@ApiTags('Dashboard')
@ApiKeyAuth()
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('summary')
  @ApiOperation({
    summary: 'Get the dashboard summary',
    description:
      'The governance score (0 to 100) and its breakdown, system and probe counts, open findings, ' +
      'compliance and policy counts. Built from events, so it trails the other services by moments.',
  })
  @ApiJsonResponse(200, 'The summary.', summarySchema, examples.summary)
  summary(@CurrentOrganization() organization: AuthenticatedOrganization): Promise<SummaryResponse> {
    return this.dashboard.summary(organization.id);
  }

  @Get('compliance-status')
  @ApiOperation({
    summary: 'Get the compliance status',
    description: 'One badge per framework, from the latest assessment of each system.',
  })
  @ApiJsonResponse(200, 'A badge per framework.', complianceStatusSchema, examples.complianceStatus)
  complianceStatus(
    @CurrentOrganization() organization: AuthenticatedOrganization,
  ): Promise<ComplianceStatusResponse> {
    return this.dashboard.complianceStatus(organization.id);
  }

  @Get('activity')
  @ApiOperation({
    summary: 'List recent activity',
    description: 'The organization’s governance events, newest first, each with a sentence to show.',
  })
  @ApiQueryFrom(ActivityQuery)
  @ApiJsonResponse(200, 'One page of activity.', activityPageSchema, examples.activity)
  @ApiErrors(400)
  activity(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Query() query: ActivityQuery,
  ): Promise<ActivityPage> {
    return this.dashboard.activity(organization.id, query);
  }
}
