import { Body, Controller, Get, HttpStatus, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, RequirePermission, OrganizationId } from '@governance/auth';
import { ApiJsonResponse, ApiKeyAuth, Endpoint } from '@governance/platform';
import { type FastifyReply } from 'fastify';
import {
  HeartbeatDto,
  HeartbeatResponse,
  ProbeRegistrationResponse,
  ProbeResponse,
  RegisterProbeDto,
} from './probe.dto';
import { examples } from './probes.openapi';
import { ProbesService } from './probes.service';

@Controller('api/service/probe')
@UseGuards(AuthGuard)
@ApiTags('Probes')
@ApiKeyAuth()
export class ProbesController {
  constructor(private readonly probes: ProbesService) {}

  /** 201 the first time a probe registers, 200 when it registers again. */
  @RequirePermission('probes:write')
  @Post('register')
  @Endpoint({
    summary: 'Register a probe',
    description:
      'Registers a probe on the system it watches, registering the system too when it is new ' +
      '(auto-registration). Registering the same probe name and host again answers 200 with the same probe.',
    body: [RegisterProbeDto, examples.register],
    answer: [201, 'The probe was registered.', ProbeRegistrationResponse, examples.registration],
    errors: [[404, '`not_found`: no system with this `system_id`.']],
  })
  @ApiJsonResponse(200, 'The probe was already registered.', ProbeRegistrationResponse, examples.registration)
  async register(
    @OrganizationId() organizationId: string,
    @Body() body: RegisterProbeDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProbeRegistrationResponse> {
    const { created, probe } = await this.probes.register(organizationId, body);
    void reply.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return probe;
  }

  /**
   * 200, not 202: the heartbeat is recorded on the probe and committed before the answer, so there is
   * nothing left pending that 202 would announce.
   */
  @RequirePermission('probes:write')
  @Post('heartbeat')
  @Endpoint({
    summary: 'Report probe health',
    description:
      'Records the probe’s health. Connection follows telemetry, not heartbeats: a probe that sends no ' +
      'telemetry for longer than the silence limit is disconnected.',
    body: [HeartbeatDto, examples.heartbeat],
    answer: [200, 'The heartbeat is recorded.', HeartbeatResponse, examples.heartbeatReceived],
    errors: [[404, '`not_found`: no probe with this `probe_id`.']],
  })
  heartbeat(
    @OrganizationId() organizationId: string,
    @Body() body: HeartbeatDto,
  ): Promise<HeartbeatResponse> {
    return this.probes.heartbeat(organizationId, body);
  }

  @RequirePermission('probes:read')
  @Get('probes/:id')
  @Endpoint({
    summary: 'Get a probe',
    description: 'The probe with its last health report and connection.',
    id: ['probe', 'prb'],
    answer: [200, 'The probe.', ProbeResponse, examples.probe],
  })
  get(@OrganizationId() organizationId: string, @Param('id') id: string): Promise<ProbeResponse> {
    return this.probes.get(organizationId, id);
  }
}
