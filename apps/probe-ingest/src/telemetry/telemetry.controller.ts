import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, RequirePermission, OrganizationId } from '@governance/auth';
import { ApiKeyAuth, Endpoint } from '@governance/platform';
import { examples, TelemetryAccepted, telemetryBatchBody } from './telemetry.dto';
import { TelemetryService } from './telemetry.service';

@Controller('api/service/probe')
@UseGuards(AuthGuard)
@ApiTags('Probes')
@ApiKeyAuth()
export class TelemetryController {
  constructor(private readonly telemetry: TelemetryService) {}

  /**
   * 202: the batch is durable (its telemetry.received event is on the bus) but not yet processed by the
   * monitors downstream. The service validates the body (TelemetryValidator), not a DTO.
   */
  @RequirePermission('probes:write')
  @Post('telemetry')
  @Endpoint({
    summary: 'Send telemetry',
    description:
      'Receives a batch of metric records from a probe. The whole batch is validated first: one bad ' +
      'record refuses the batch. 202 means the batch is durable; drift and shadow-AI detection run on it ' +
      'afterwards.',
    body: [telemetryBatchBody, examples.batch],
    answer: [202, 'The batch is stored.', TelemetryAccepted, examples.accepted],
    errors: [
      [404, '`not_found`: no probe with this `probe_id`.'],
      [413, `\`payload_too_large\`: more than ${examples.maxRecords} records, or a body over 1 MiB.`],
      [503, '`service_unavailable`: the batch could not be stored and nothing was accepted; send it again.'],
    ],
  })
  ingest(
    @OrganizationId() organizationId: string,
    @Body() body: Record<string, unknown>,
  ): Promise<TelemetryAccepted> {
    return this.telemetry.ingest(organizationId, body);
  }
}
