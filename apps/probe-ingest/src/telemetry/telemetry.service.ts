import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiError, ErrorCode } from '@governance/platform';
import { TelemetryCommitQueue } from './telemetry-commit-queue';
import { type TelemetryAccepted } from './telemetry.dto';
import { TELEMETRY_LIMITS } from './telemetry-schema';
import { TelemetryValidator } from './telemetry-validator';

@Injectable()
export class TelemetryService {
  private readonly validator = new TelemetryValidator();

  constructor(private readonly queue: TelemetryCommitQueue) {}

  /** Validates the whole batch, then answers once it is durable; a bad record refuses the batch. */
  async ingest(organizationId: string, body: unknown): Promise<TelemetryAccepted> {
    const records = (body as { records?: unknown }).records;
    if (Array.isArray(records) && records.length > TELEMETRY_LIMITS.maxRecords) {
      throw new ApiError(
        HttpStatus.PAYLOAD_TOO_LARGE,
        ErrorCode.PayloadTooLarge,
        `A telemetry batch holds at most ${TELEMETRY_LIMITS.maxRecords} records; this one has ${records.length}`,
        { limit: TELEMETRY_LIMITS.maxRecords, records: records.length },
      );
    }
    const result = this.validator.validate(body);
    if (!result.ok) throw ApiError.validation(result.problems);
    const { batch } = result;
    const stored = await this.queue.submit({
      organizationId,
      probeId: batch.probe_id,
      records: batch.records,
    });
    if (!stored) throw ApiError.notFound('Probe');
    return { accepted: batch.records.length };
  }
}
