import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  type Type,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ADMIN_TOKEN_AUTH,
  AdminTokenGuard,
  ApiError,
  ApiErrors,
  ApiJsonBody,
  ApiJsonResponse,
  ApiQueryFrom,
} from '@governance/platform';
import {
  type DeadLetter,
  deadLetterExamples,
  deadLetterListSchema,
  ListDeadLettersQuery,
  replayDeadLettersBody,
  ReplayDeadLettersDto,
  type ReplayOutcome,
  replayOutcomeSchema,
  type ReplayOutcomes,
  replayOutcomesSchema,
} from './dead-letter.dto';
import { DeadLetterRepository } from './dead-letters';
import { type EventBusServer } from './event-bus.server';

/** The service's consumers, so shutdown can stop them and replays can reach their handlers. */
export class EventBusConsumers {
  readonly servers: EventBusServer[] = [];
}

/** Lists, replays and discards the records this service's consumers set aside. */
export class DeadLetterAdmin {
  constructor(
    private readonly service: string,
    private readonly deadLetters: DeadLetterRepository,
    private readonly consumers: EventBusConsumers,
  ) {}

  async list(query: ListDeadLettersQuery): Promise<{ data: DeadLetter[] }> {
    const consumerGroup =
      query.consumer === undefined || query.consumer.startsWith(`${this.service}.`)
        ? query.consumer
        : `${this.service}.${query.consumer}`;
    return { data: await this.deadLetters.list({ topic: query.topic, consumerGroup }) };
  }

  async replayOne(id: string): Promise<ReplayOutcome> {
    const letter = await this.deadLetters.find(id);
    if (!letter) throw ApiError.notFound('Dead letter');
    return this.replay(letter);
  }

  /** Replays every letter of `topic` there is now, oldest first; each succeeds or fails alone. */
  async replayTopic(topic: string): Promise<ReplayOutcomes> {
    const outcomes: ReplayOutcome[] = [];
    let afterId: string | undefined;
    for (;;) {
      const letters = await this.deadLetters.list({ topic, afterId });
      if (letters.length === 0) break;
      for (const letter of letters) outcomes.push(await this.replay(letter));
      afterId = letters.at(-1)!.id;
    }
    const replayed = outcomes.filter((outcome) => outcome.outcome === 'replayed').length;
    return { replayed, failed: outcomes.length - replayed, data: outcomes };
  }

  async discard(id: string): Promise<void> {
    if (!(await this.deadLetters.remove(id))) throw ApiError.notFound('Dead letter');
  }

  /** The handler again, through its idempotent path: gone on success, kept with one more attempt if not. */
  private async replay(letter: DeadLetter): Promise<ReplayOutcome> {
    const server = this.consumers.servers.find((candidate) => candidate.runs(letter.consumer_group));
    try {
      if (!server) throw new Error(`no consumer ${letter.consumer_group} runs in this service`);
      await server.replay(letter);
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      await this.deadLetters.recordReplayFailure(letter.id, message);
      return { id: letter.id, outcome: 'failed', error: message };
    }
    await this.deadLetters.remove(letter.id);
    return { id: letter.id, outcome: 'replayed', error: null };
  }
}

const idParam = ApiParam({
  name: 'id',
  description: 'The dead letter id.',
  schema: { type: 'string', pattern: '^[0-9]+$' },
});

/**
 * The dead-letter admin API of `service`, at `/admin/v1/<service>/dead-letters`: the service name keeps
 * the paths apart where several services share one port (the standalone composition).
 */
export function deadLetterAdminController(service: string, adminToken: string | undefined): Type {
  const operationId = (action: string): string =>
    `${service.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}${action}`;

  @Controller(`admin/v1/${service}/dead-letters`)
  @UseGuards(new AdminTokenGuard(adminToken))
  @ApiTags('Admin')
  @ApiBearerAuth(ADMIN_TOKEN_AUTH)
  @ApiErrors([401, '`unauthorized`: the admin token is missing or wrong.'])
  class DeadLetterAdminController {
    constructor(private readonly admin: DeadLetterAdmin) {}

    @Get()
    @ApiOperation({
      operationId: operationId('ListDeadLetters'),
      summary: `List the ${service} service's dead letters`,
      description:
        'Records its consumers set aside (not JSON, against their contract, or failing their handler), oldest first, at most 500.',
    })
    @ApiQueryFrom(ListDeadLettersQuery)
    @ApiJsonResponse(200, 'The dead letters.', deadLetterListSchema, deadLetterExamples.list)
    @ApiErrors(400)
    list(@Query() query: ListDeadLettersQuery): Promise<{ data: DeadLetter[] }> {
      return this.admin.list(query);
    }

    @Post('replay')
    @HttpCode(HttpStatus.OK)
    @ApiOperation({
      operationId: operationId('ReplayDeadLetters'),
      summary: `Replay the ${service} service's dead letters of a topic`,
      description: 'Hands each to its handler again; those that go through are removed, the others stay.',
    })
    @ApiJsonBody(replayDeadLettersBody, { topic: 'governance.system.registered' })
    @ApiJsonResponse(200, 'What became of each.', replayOutcomesSchema, deadLetterExamples.replayedTopic)
    @ApiErrors(400, 413, 415)
    replayTopic(@Body() body: ReplayDeadLettersDto): Promise<ReplayOutcomes> {
      return this.admin.replayTopic(body.topic);
    }

    @Post(':id/replay')
    @HttpCode(HttpStatus.OK)
    @ApiOperation({
      operationId: operationId('ReplayDeadLetter'),
      summary: `Replay one of the ${service} service's dead letters`,
      description:
        'Hands it to its handler again: removed if it goes through, kept with one more attempt if not.',
    })
    @idParam
    @ApiJsonResponse(200, 'What became of it.', replayOutcomeSchema, deadLetterExamples.replayed)
    @ApiErrors(404)
    replayOne(@Param('id') id: string): Promise<ReplayOutcome> {
      return this.admin.replayOne(id);
    }

    @Delete(':id')
    @HttpCode(HttpStatus.NO_CONTENT)
    @ApiOperation({
      operationId: operationId('DiscardDeadLetter'),
      summary: `Discard one of the ${service} service's dead letters`,
    })
    @idParam
    @ApiResponse({ status: 204, description: 'Discarded.' })
    @ApiErrors(404)
    discard(@Param('id') id: string): Promise<void> {
      return this.admin.discard(id);
    }
  }
  return DeadLetterAdminController;
}
