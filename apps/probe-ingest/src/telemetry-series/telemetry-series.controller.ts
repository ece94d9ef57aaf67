import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, OrganizationId, RequirePermission } from '@governance/auth';
import { ApiKeyAuth, Endpoint } from '@governance/platform';
import { TelemetrySeriesQuery, TelemetrySeriesResponse } from './telemetry-series.dto';
import { examples } from './telemetry-series.openapi';
import { TelemetrySeriesService } from './telemetry-series.service';

@Controller('api/service/probe/systems')
@UseGuards(AuthGuard)
@ApiTags('Probes')
@ApiKeyAuth()
export class TelemetrySeriesController {
  constructor(private readonly series: TelemetrySeriesService) {}

  @RequirePermission('systems:read')
  @Get(':id/telemetry')
  @Endpoint({
    summary: 'A system’s telemetry over time',
    description:
      'Per hour or day (UTC), oldest first: the p50 and p95 of `latency_ms` (from log-spaced bins, within ' +
      '5 %), the sums of `input.tokens` and `output.tokens`, and the policy violations; and each metric that ' +
      'drifted within the range, its mean per bucket beside its baseline mean, with its alerts. At most ' +
      '336 buckets (14 days of hours); 24 buckets up to now when no range is given. Telemetry is kept ' +
      'per hour for `TELEMETRY_SERIES_RETENTION_MS` (90 days).',
    id: ['system', 'sys'],
    query: TelemetrySeriesQuery,
    answer: [200, 'The series.', TelemetrySeriesResponse, examples.series],
  })
  read(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
    @Query() query: TelemetrySeriesQuery,
  ): Promise<TelemetrySeriesResponse> {
    return this.series.read(organizationId, id, query);
  }
}
