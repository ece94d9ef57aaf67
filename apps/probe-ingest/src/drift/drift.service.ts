import { Inject, Injectable } from '@nestjs/common';
import { newId, newUuidV7, type TelemetryReceivedDetails } from '@governance/contracts';
import { publicEventMessage, type Transaction } from '@governance/messaging';
import { PROBE_INGEST_CONFIG, type ProbeIngestConfig } from '../config';
import {
  decideAlert,
  describeDrift,
  driftScores,
  type LayerAlert,
  layerLevel,
  recommendedAction,
} from './drift-alert';
import {
  type AlertChange,
  DriftRepository,
  type FiredDrift,
  type StoredMetricState,
} from './drift.repository';
import { detectionLayer, emptyMetricState, observeValues } from './metric-drift';
import { metricValuesBySystem } from './telemetry-values';

/**
 * Drift detection over telemetry: per (system, metric) the first DRIFT_BASELINE_SIZE values fix PSI bins,
 * and each later window of DRIFT_WINDOW_SIZE values is scored against them; per (system, detection layer)
 * an alert fires once (see decideAlert). drift.detected carries drift_score (the window's PSI),
 * baseline_score (the PSI between the baseline's halves: the noise floor) and their delta.
 */
@Injectable()
export class DriftService {
  constructor(
    private readonly drifts: DriftRepository,
    @Inject(PROBE_INGEST_CONFIG) private readonly config: ProbeIngestConfig,
  ) {}

  /**
   * Folds telemetry batches of one organization into the drift state in order, the state read and locked
   * once before and written once after. Returns how many drift.detected events it queued.
   */
  async observeBatches(
    tx: Transaction,
    organizationId: string,
    batches: readonly TelemetryReceivedDetails[],
  ): Promise<number> {
    const groupedBatches = batches.map(metricValuesBySystem).filter((grouped) => grouped.size > 0);
    if (groupedBatches.length === 0) return 0;
    const { manager } = tx;
    const allSystemIds = [...new Set(groupedBatches.flatMap((grouped) => [...grouped.keys()]))].sort();
    const states = await this.drifts.lockMetricStates(manager, organizationId, allSystemIds);
    const alerts = await this.drifts.findAlerts(manager, organizationId, allSystemIds);
    const changedStates = new Map<string, StoredMetricState>();
    const changedAlerts = new Map<string, AlertChange>();
    const fired: FiredDrift[] = [];

    for (const grouped of groupedBatches) {
      for (const systemId of [...grouped.keys()].sort()) {
        const byMetric = grouped.get(systemId)!;
        for (const metric of [...byMetric.keys()].sort()) {
          const key = `${systemId}/${metric}`;
          const prior = states.get(key) ?? {
            systemId,
            metric,
            layer: detectionLayer(metric),
            state: emptyMetricState(),
          };
          const { state, windows } = observeValues(prior.state, byMetric.get(metric)!, this.config.drift);
          const { layer } = prior;
          const stored = { ...prior, state };
          states.set(key, stored);
          changedStates.set(key, stored);

          for (const window of windows) {
            const others = [...states.values()]
              .filter((s) => s.systemId === systemId && s.layer === layer && s.metric !== metric)
              .map((s) => s.state.lastLevel);
            const alertKey = `${systemId}/${layer}`;
            const current: LayerAlert = alerts.get(alertKey) ?? null;
            const { fire, next } = decideAlert(current, layerLevel([...others, window.level]));
            if (fire)
              fired.push({ driftId: newId('drift'), systemId, metric, layer, severity: fire, window });
            if (next !== current || fire) {
              alerts.set(alertKey, next);
              // Written once at the end: the last severity, and the latest drift id if any fired.
              const driftId = fire ? fired.at(-1)!.driftId : (changedAlerts.get(alertKey)?.driftId ?? null);
              changedAlerts.set(alertKey, { systemId, layer, severity: next, driftId });
            }
          }
        }
      }
    }
    await this.drifts.saveMetricStates(manager, organizationId, [...changedStates.values()]);
    await this.drifts.saveAlerts(manager, organizationId, [...changedAlerts.values()]);
    if (fired.length > 0) await this.announce(tx, organizationId, fired);
    return fired.length;
  }

  private async announce(tx: Transaction, organizationId: string, fired: FiredDrift[]): Promise<void> {
    const names = await this.drifts.systemNames(
      tx.manager,
      organizationId,
      fired.map((drift) => drift.systemId),
    );
    const scored = fired.map((drift) => ({ ...drift, scores: driftScores(drift.window) }));
    await this.drifts.insertDriftRecords(tx.manager, organizationId, scored);
    for (const { scores, ...drift } of scored) {
      tx.publish(
        publicEventMessage({
          id: newUuidV7(),
          organization_id: organizationId,
          event: 'drift.detected',
          timestamp: new Date().toISOString(),
          severity: drift.severity,
          system_id: drift.systemId,
          details: {
            drift_id: drift.driftId,
            system_name: names.get(drift.systemId) ?? drift.systemId,
            ...scores,
            detection_layer: drift.layer,
            description: describeDrift(drift.metric, drift.window, this.config.drift.windowSize),
            recommended_action: recommendedAction(drift.layer, drift.severity),
          },
        }),
      );
    }
  }
}
