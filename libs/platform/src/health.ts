import { Controller, Get, Header, HttpStatus, Injectable, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { renderMetrics } from './metrics';

export type ReadinessCheck = () => Promise<void>;

/** Collects the checks a service must pass before it takes traffic: its database, its bus. */
@Injectable()
export class ReadinessChecks {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async run(): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const results: Record<string, string> = {};
    await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await check();
          results[name] = 'ok';
        } catch (error) {
          results[name] = error instanceof Error ? error.message : 'failed';
        }
      }),
    );
    return { ready: Object.values(results).every((result) => result === 'ok'), checks: results };
  }
}

@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessChecks) {}

  @Get('health/live')
  live(): { status: string } {
    return { status: 'ok' };
  }

  @Get('health/ready')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const { ready, checks } = await this.readiness.run();
    await reply
      .status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
      .send({ status: ready ? 'ok' : 'unavailable', checks });
  }

  @Get('metrics')
  @Header('cache-control', 'no-store')
  async metrics(@Res() reply: FastifyReply): Promise<void> {
    const { contentType, body } = await renderMetrics();
    await reply.header('content-type', contentType).send(body);
  }
}
