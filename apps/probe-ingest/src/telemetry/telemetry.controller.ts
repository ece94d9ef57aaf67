import { Body, Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import { ApiErrors, ApiJsonBody, ApiJsonResponse, ApiKeyAuth } from '@governance/platform';
import { examples, telemetryAcceptedSchema, telemetryBatchBody } from './telemetry.openapi';
import { type TelemetryAccepted, TelemetryService } from './telemetry.service';

@Controller('api/service/probe')
@UseGuards(ApiKeyGuard)
@ApiTags('Probes')
@ApiKeyAuth()
export class TelemetryController {
  constructor(private readonly telemetry: TelemetryService) {}

  /**
   * 202: the batch is durable (its telemetry.received event is committed in the outbox) but not yet
   * processed by the monitors downstream. The body is validated by a compiled JSON Schema in the
   * service rather than a DTO: this is the hottest path, and Ajv measured faster than class-validator.
   */
  @Post('telemetry')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Send telemetry',
    description:
      'Receives a batch of metric records from a probe. The whole batch is validated first: one bad ' +
      'record refuses the batch. 202 means the batch is durable; drift and shadow-AI detection run on it ' +
      'afterwards.',
  })
  @ApiJsonBody(telemetryBatchBody, examples.batch)
  @ApiJsonResponse(202, 'The batch is stored.', telemetryAcceptedSchema, examples.accepted)
  @ApiErrors(
    400,
    [404, '`not_found`: no probe with this `probe_id`.'],
    [413, `\`payload_too_large\`: more than ${examples.maxRecords} records, or a body over 1 MiB.`],
    415,
    [503, '`service_unavailable`: the batch could not be stored and nothing was accepted; send it again.'],
  )
  ingest(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Body() body: Record<string, unknown>,
  ): Promise<TelemetryAccepted> {
    return this.telemetry.ingest(organization.id, body);
  }
}
