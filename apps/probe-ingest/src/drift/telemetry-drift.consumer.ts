import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  INTERNAL_TOPICS,
  type TelemetryEventRecord,
  type TelemetryReceivedDetails,
} from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { ShadowDiscoveryService } from '../discovery/shadow-discovery.service';
import { TelemetrySeriesService } from '../telemetry-series/telemetry-series.service';
import { DriftService } from './drift.service';

/**
 * Shadow-AI discovery, then drift detection and the hourly telemetry series, in one transaction per batch of events. Other consumers of
 * telemetry.received (violations) use their own consumer group.
 */
@Controller()
export class TelemetryDriftConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly discovery: ShadowDiscoveryService,
    private readonly drift: DriftService,
    private readonly series: TelemetrySeriesService,
  ) {}

  /** The events the bus has ready, in one transaction to save round trips; each still handled in order. */
  @ConsumeEvent(INTERNAL_TOPICS.telemetry, 'drift', { batch: true })
  async onTelemetry(@Payload() events: ConsumedEvent[]): Promise<void> {
    await this.unitOfWork.runOnceEach(events, async (tx, fresh) => {
      // The bus checked each record against the telemetry topic's contract before this runs.
      const batches = fresh.map((event) => parsePayload<TelemetryEventRecord>(event));
      // Discovery first, so a drift of a system discovered in these very batches is announced by its name.
      const byOrganization = new Map<string, TelemetryReceivedDetails[]>();
      for (const { organization_id, details } of batches) {
        await this.discovery.observeBatch(tx, organization_id, details);
        const group = byOrganization.get(organization_id);
        if (group) group.push(details);
        else byOrganization.set(organization_id, [details]);
      }
      for (const [organizationId, details] of byOrganization) {
        await this.drift.observeBatches(tx, organizationId, details);
        await this.series.observeBatches(tx, organizationId, details);
      }
    });
  }
}
