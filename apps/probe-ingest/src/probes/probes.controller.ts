import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import { type FastifyReply } from 'fastify';
import {
  HeartbeatDto,
  type HeartbeatResponse,
  type ProbeRegistrationResponse,
  type ProbeResponse,
  RegisterProbeDto,
} from './probe.dto';
import { ProbesService } from './probes.service';

@Controller('api/service/probe')
@UseGuards(ApiKeyGuard)
export class ProbesController {
  constructor(private readonly probes: ProbesService) {}

  /** 201 the first time a probe registers, 200 when it registers again. */
  @Post('register')
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
  heartbeat(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Body() body: HeartbeatDto,
  ): Promise<HeartbeatResponse> {
    return this.probes.heartbeat(organization.id, body);
  }

  @Get('probes/:id')
  get(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<ProbeResponse> {
    return this.probes.get(organization.id, id);
  }
}
