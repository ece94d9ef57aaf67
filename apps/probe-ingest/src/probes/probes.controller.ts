import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import { ApiErrors, ApiIdParam, ApiJsonBody, ApiJsonResponse, ApiKeyAuth } from '@governance/platform';
import { type FastifyReply } from 'fastify';
import {
  HeartbeatDto,
  type HeartbeatResponse,
  type ProbeRegistrationResponse,
  type ProbeResponse,
  RegisterProbeDto,
} from './probe.dto';
import {
  examples,
  heartbeatBody,
  heartbeatSchema,
  probeSchema,
  registerProbeBody,
  registrationSchema,
} from './probes.openapi';
import { ProbesService } from './probes.service';

@Controller('api/service/probe')
@UseGuards(ApiKeyGuard)
@ApiTags('Probes')
@ApiKeyAuth()
export class ProbesController {
  constructor(private readonly probes: ProbesService) {}

  /** 201 the first time a probe registers, 200 when it registers again. */
  @Post('register')
  @ApiOperation({
    summary: 'Register a probe',
    description:
      'Registers a probe on the system it watches, registering the system too when it is new ' +
      '(auto-registration). Registering the same probe name and host again answers 200 with the same probe.',
  })
  @ApiJsonBody(registerProbeBody, examples.register)
  @ApiJsonResponse(201, 'The probe was registered.', registrationSchema, examples.registration)
  @ApiJsonResponse(200, 'The probe was already registered.', registrationSchema, examples.registration)
  @ApiErrors(400, [404, '`not_found`: no system with this `system_id`.'], 413, 415)
  async register(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Body() body: RegisterProbeDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProbeRegistrationResponse> {
    const { created, probe } = await this.probes.register(organization.id, body);
    void reply.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return probe;
  }

  /**
   * 200, not 202: the heartbeat is recorded on the probe and committed before the answer, so there is
   * nothing left pending that 202 would announce.
   */
  @Post('heartbeat')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Report probe health',
    description:
      'Records the probe’s health. Connection follows telemetry, not heartbeats: a probe that sends no ' +
      'telemetry for longer than the silence limit is disconnected.',
  })
  @ApiJsonBody(heartbeatBody, examples.heartbeat)
  @ApiJsonResponse(200, 'The heartbeat is recorded.', heartbeatSchema, examples.heartbeatReceived)
  @ApiErrors(400, [404, '`not_found`: no probe with this `probe_id`.'], 413, 415)
  heartbeat(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Body() body: HeartbeatDto,
  ): Promise<HeartbeatResponse> {
    return this.probes.heartbeat(organization.id, body);
  }

  @Get('probes/:id')
  @ApiOperation({
    summary: 'Get a probe',
    description: 'The probe with its last health report and connection.',
  })
  @ApiIdParam('probe', 'prb')
  @ApiJsonResponse(200, 'The probe.', probeSchema, examples.probe)
  @ApiErrors(404)
  get(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<ProbeResponse> {
    return this.probes.get(organization.id, id);
  }
}
