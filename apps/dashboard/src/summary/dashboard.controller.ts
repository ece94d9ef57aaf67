import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, RequirePermission, OrganizationId } from '@governance/auth';
import { ApiKeyAuth, Endpoint } from '@governance/platform';
import { ActivityPage, ActivityQuery } from '../activity/activity.dto';
import { examples } from './dashboard.openapi';
import { DashboardService } from './dashboard.service';
import { ComplianceStatusResponse, SummaryResponse } from './summary.dto';

/** Open to every plan; each answer covers the caller's organization only. */
@Controller('api/service/dashboard')
@UseGuards(AuthGuard)
@ApiTags('Dashboard')
@ApiKeyAuth()
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @RequirePermission('dashboard:read')
  @Get('summary')
  @Endpoint({
    summary: 'Get the dashboard summary',
    description:
      'The governance score (0 to 100) and its breakdown, system and probe counts, open findings, ' +
      'compliance and policy counts. Built from events, so it trails the other services by moments.',
    answer: [200, 'The summary.', SummaryResponse, examples.summary],
  })
  summary(@OrganizationId() organizationId: string): Promise<SummaryResponse> {
    return this.dashboard.summary(organizationId);
  }

  @RequirePermission('dashboard:read')
  @Get('compliance-status')
  @Endpoint({
    summary: 'Get the compliance status',
    description: 'One badge per framework, from the latest assessment of each system.',
    answer: [200, 'A badge per framework.', ComplianceStatusResponse, examples.complianceStatus],
  })
  complianceStatus(@OrganizationId() organizationId: string): Promise<ComplianceStatusResponse> {
    return this.dashboard.complianceStatus(organizationId);
  }

  @RequirePermission('dashboard:read')
  @Get('activity')
  @Endpoint({
    summary: 'List recent activity',
    description: 'The organization’s governance events, newest first, each with a sentence to show.',
    query: ActivityQuery,
    answer: [200, 'One page of activity.', ActivityPage, examples.activity],
  })
  activity(@OrganizationId() organizationId: string, @Query() query: ActivityQuery): Promise<ActivityPage> {
    return this.dashboard.activity(organizationId, query);
  }
}
