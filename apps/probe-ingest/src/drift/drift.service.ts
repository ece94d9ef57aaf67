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
 * Drift detection over telemetry. Per (system, metric) a baseline of the first DRIFT_BASELINE_SIZE values
 * fixes PSI bins; each later window of DRIFT_WINDOW_SIZE values is scored against it, and per (system,
 * detection layer) an alert fires once when the layer drifts (see decideAlert for re-arming). Each
 * drift.detected carries:
 * - drift_score: PSI of the window that fired against the baseline (0 = same distribution; 0.1 moderate,
 *   0.25 major shift by the usual rule of thumb);
 * - baseline_score: PSI between the two halves of the baseline, the score a stable stream of this metric
 *   shows from sampling noise alone (its noise floor);
 * - delta: drift_score − baseline_score, how far the shift stands above that floor.
 */
@Injectable()
export class DriftService {
  constructor(
    private readonly drifts: DriftRepository,
    @Inject(PROBE_INGEST_CONFIG) private readonly config: ProbeIngestConfig,
  ) {}

  /**
   * Folds telemetry batches of one organization into the drift state, one after the other, with the
   * state read and locked once before and written once after. Returns how many drift.detected events it
   * queued.
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
    const states = new Map<string, StoredMetricState>();
    for (const stored of await this.drifts.lockMetricStates(manager, organizationId, allSystemIds)) {
      states.set(`${stored.systemId}/${stored.metric}`, stored);
    }
    const alerts = await this.drifts.findAlerts(manager, organizationId, allSystemIds);
    const changedStates = new Set<string>();
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
          const stored = { ...prior, state };
          states.set(key, stored);
          changedStates.add(key);

          for (const window of windows) {
            const others = [...states.values()]
              .filter((s) => s.systemId === systemId && s.layer === stored.layer && s.metric !== metric)
              .map((s) => s.state.lastLevel);
            const alertKey = `${systemId}/${stored.layer}`;
            const current: LayerAlert = alerts.get(alertKey) ?? null;
            const { fire, next } = decideAlert(current, layerLevel([...others, window.level]));
            const driftId = fire ? newId('drift') : null;
            if (fire && driftId) {
              fired.push({ driftId, systemId, metric, layer: stored.layer, severity: fire, window });
            }
            if (next !== current || driftId) {
              alerts.set(alertKey, next);
              // Written once at the end: the last severity, and the latest drift id if any fired.
              const change = changedAlerts.get(alertKey);
              changedAlerts.set(alertKey, {
                systemId,
                layer: stored.layer,
                severity: next,
                driftId: driftId ?? change?.driftId ?? null,
              });
            }
          }
        }
      }
    }
    await this.drifts.saveMetricStates(
      manager,
      organizationId,
      [...changedStates].map((key) => states.get(key)!),
    );
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
    for (const drift of fired) {
      const scores = driftScores(drift.window);
      await this.drifts.insertDriftRecord(tx.manager, organizationId, drift, scores);
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
