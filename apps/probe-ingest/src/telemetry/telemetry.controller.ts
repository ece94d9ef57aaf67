import { Body, Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import { type TelemetryAccepted, TelemetryService } from './telemetry.service';

@Controller('api/service/probe')
@UseGuards(ApiKeyGuard)
export class TelemetryController {
  constructor(private readonly telemetry: TelemetryService) {}

  /**
   * 202: the batch is durable (its telemetry.received event is committed in the outbox) but not yet
   * processed by the monitors downstream. The body is validated by a compiled JSON Schema in the
   * service rather than a DTO: this is the hottest path, and Ajv measured faster than class-validator.
   */
  @Post('telemetry')
  @HttpCode(HttpStatus.ACCEPTED)
  ingest(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Body() body: Record<string, unknown>,
  ): Promise<TelemetryAccepted> {
    return this.telemetry.ingest(organization.id, body);
  }
}
