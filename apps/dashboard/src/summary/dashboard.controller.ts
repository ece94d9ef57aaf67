import { Controller, Get, type MessageEvent, Query, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, RequirePermission, OrganizationId } from '@governance/auth';
import { LiveChanges } from '@governance/persistence';
import { ApiKeyAuth, Endpoint, LiveStream } from '@governance/platform';
import { type Observable } from 'rxjs';
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
  constructor(
    private readonly dashboard: DashboardService,
    private readonly live: LiveChanges,
  ) {}

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

  @RequirePermission('dashboard:read')
  @LiveStream('stream', ['activity'], {
    summary: 'Follow the dashboard live',
    description:
      'Tells the console when the summary, compliance status or activity changed (`activity`), so it ' +
      'reads them again without a reload.',
  })
  stream(@OrganizationId() organizationId: string): Observable<MessageEvent> {
    return this.live.stream(organizationId, ['activity']);
  }
}
