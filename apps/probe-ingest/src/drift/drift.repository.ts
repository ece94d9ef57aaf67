import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type DriftScores, type DriftSeverity, type LayerAlert } from './drift-alert';
import { type DetectionLayer, type MetricDriftState, type WindowResult } from './metric-drift';

export interface StoredMetricState {
  systemId: string;
  metric: string;
  layer: DetectionLayer;
  state: MetricDriftState;
}

/** A change of the alert a (system, layer) holds; a null drift id keeps the one stored. */
export interface AlertChange {
  systemId: string;
  layer: DetectionLayer;
  severity: LayerAlert;
  driftId: string | null;
}

/** A drift that fired: the window that crossed the threshold, on one metric of one layer. */
export interface FiredDrift {
  driftId: string;
  systemId: string;
  metric: string;
  layer: DetectionLayer;
  severity: DriftSeverity;
  window: WindowResult;
}

/** All SQL of drift detection: per-metric state, per-layer alerts and drift records. */
@Injectable()
export class DriftRepository {
  /**
   * Every metric state of these systems by `system/metric`, locked for this transaction so two batches of
   * one system cannot interleave their window counts. The advisory locks also cover metrics that have no row yet, whose
   * first inserts would otherwise race; they are taken in id order so two batches cannot deadlock.
   */
  async lockMetricStates(
    manager: EntityManager,
    organizationId: string,
    systemIds: string[],
  ): Promise<Map<string, StoredMetricState>> {
    await manager.query(
      `SELECT pg_advisory_xact_lock(hashtext('probe_ingest.drift:' || $1 || ':' || t.system_id))
       FROM (SELECT DISTINCT system_id FROM unnest($2::text[]) AS u(system_id) ORDER BY system_id) t`,
      [organizationId, systemIds],
    );
    const rows = await manager.query<
      Array<MetricDriftState & { system_id: string; metric: string; detection_layer: DetectionLayer }>
    >(
      `SELECT system_id, metric, detection_layer, baseline_values AS "baselineValues", edges,
              baseline_counts AS "baselineCounts", baseline_score AS "baselineScore",
              baseline_mean AS "baselineMean", window_counts AS "windowCounts", window_count AS "windowCount",
              window_sum AS "windowSum", last_level AS "lastLevel"
       FROM probe_ingest.drift_metrics
       WHERE organization_id = $1 AND system_id = ANY($2::text[])
       ORDER BY system_id, metric
       FOR UPDATE`,
      [organizationId, systemIds],
    );
    return new Map(
      rows.map(({ system_id, metric, detection_layer, ...state }) => [
        `${system_id}/${metric}`,
        { systemId: system_id, metric, layer: detection_layer, state },
      ]),
    );
  }

  /** Upserts these metric states, one statement and one JSON parameter for all of them. */
  async saveMetricStates(
    manager: EntityManager,
    organizationId: string,
    states: readonly StoredMetricState[],
  ): Promise<void> {
    if (states.length === 0) return;
    const rows = states.map(({ systemId, metric, layer, state }) => ({ systemId, metric, layer, ...state }));
    await manager.query(
      `INSERT INTO probe_ingest.drift_metrics
         (organization_id, system_id, metric, detection_layer, baseline_values, edges, baseline_counts,
          baseline_score, baseline_mean, window_counts, window_count, window_sum, last_level, updated_at)
       SELECT $1, s.*, now() FROM jsonb_to_recordset($2::jsonb) AS s ("systemId" text, metric text, layer text,
         "baselineValues" float8[], edges float8[], "baselineCounts" int[], "baselineScore" float8,
         "baselineMean" float8, "windowCounts" int[], "windowCount" int, "windowSum" float8, "lastLevel" text)
       ON CONFLICT (organization_id, system_id, metric) DO UPDATE SET
         baseline_values = EXCLUDED.baseline_values, edges = EXCLUDED.edges,
         baseline_counts = EXCLUDED.baseline_counts, baseline_score = EXCLUDED.baseline_score,
         baseline_mean = EXCLUDED.baseline_mean, window_counts = EXCLUDED.window_counts,
         window_count = EXCLUDED.window_count, window_sum = EXCLUDED.window_sum,
         last_level = EXCLUDED.last_level, updated_at = now()`,
      [organizationId, JSON.stringify(rows)],
    );
  }

  /** The alert each (system, layer) holds; a missing row is an armed layer. */
  async findAlerts(
    manager: EntityManager,
    organizationId: string,
    systemIds: string[],
  ): Promise<Map<string, LayerAlert>> {
    const rows = await manager.query<{ system_id: string; detection_layer: string; severity: LayerAlert }[]>(
      `SELECT system_id, detection_layer, severity FROM probe_ingest.drift_alerts
       WHERE organization_id = $1 AND system_id = ANY($2::text[])`,
      [organizationId, systemIds],
    );
    return new Map(rows.map((row) => [`${row.system_id}/${row.detection_layer}`, row.severity]));
  }

  /** Upserts these alerts, one statement for all of them. */
  async saveAlerts(
    manager: EntityManager,
    organizationId: string,
    alerts: readonly AlertChange[],
  ): Promise<void> {
    if (alerts.length === 0) return;
    await manager.query(
      `INSERT INTO probe_ingest.drift_alerts (organization_id, system_id, detection_layer, severity, drift_id)
       SELECT $1, s.* FROM jsonb_to_recordset($2::jsonb) AS s ("systemId" text, layer text, severity text, "driftId" text)
       ON CONFLICT (organization_id, system_id, detection_layer) DO UPDATE SET
         severity = EXCLUDED.severity, drift_id = coalesce(EXCLUDED.drift_id, probe_ingest.drift_alerts.drift_id),
         updated_at = now()`,
      [organizationId, JSON.stringify(alerts)],
    );
  }

  /** Records the drifts that fired, with their rounded scores; one statement for all of them. */
  async insertDriftRecords(
    manager: EntityManager,
    organizationId: string,
    drifts: ReadonlyArray<FiredDrift & { scores: DriftScores }>,
  ): Promise<void> {
    const rows = drifts.map(({ window, scores, ...drift }) => ({ ...drift, ...window, ...scores }));
    await manager.query(
      `INSERT INTO probe_ingest.drift_records
         (organization_id, drift_id, system_id, detection_layer, metric, drift_score, baseline_score, delta,
          baseline_mean, window_mean, severity)
       SELECT $1, s.* FROM jsonb_to_recordset($2::jsonb) AS s ("driftId" text, "systemId" text, layer text,
         metric text, drift_score float8, baseline_score float8, delta float8, "baselineMean" float8,
         "windowMean" float8, severity text)`,
      [organizationId, JSON.stringify(rows)],
    );
  }

  /** Names of these systems from the replica; a system it does not know yet is named by its id. */
  async systemNames(
    manager: EntityManager,
    organizationId: string,
    systemIds: string[],
  ): Promise<Map<string, string>> {
    const rows = await manager.query<{ system_id: string; name: string }[]>(
      `SELECT system_id, name FROM probe_ingest.systems WHERE organization_id = $1 AND system_id = ANY($2::text[])`,
      [organizationId, systemIds],
    );
    return new Map(rows.map((row) => [row.system_id, row.name]));
  }
}
