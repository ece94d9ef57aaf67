import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type LayerAlert } from './drift-alert';
import { type DetectionLayer, type DriftLevel, type MetricDriftState } from './metric-drift';

export interface StoredMetricState {
  systemId: string;
  metric: string;
  layer: DetectionLayer;
  state: MetricDriftState;
}

export interface DriftRecordRow {
  driftId: string;
  organizationId: string;
  systemId: string;
  layer: DetectionLayer;
  metric: string;
  driftScore: number;
  baselineScore: number;
  delta: number;
  baselineMean: number;
  windowMean: number;
  severity: 'MEDIUM' | 'HIGH';
}

interface MetricRow {
  system_id: string;
  metric: string;
  detection_layer: DetectionLayer;
  baseline_values: number[];
  edges: number[] | null;
  baseline_counts: number[];
  baseline_score: number;
  baseline_mean: number;
  window_counts: number[];
  window_count: number;
  window_sum: number;
  last_level: DriftLevel;
}

/** All SQL of drift detection: per-metric state, per-layer alerts and drift records. */
@Injectable()
export class DriftRepository {
  /**
   * Every metric state of these systems, locked for this transaction so two batches of one system cannot
   * interleave their window counts. The advisory locks also cover metrics that have no row yet, whose
   * first inserts would otherwise race; they are taken in id order so two batches cannot deadlock.
   */
  async lockMetricStates(
    manager: EntityManager,
    organizationId: string,
    systemIds: string[],
  ): Promise<StoredMetricState[]> {
    await manager.query(
      `SELECT pg_advisory_xact_lock(hashtext('probe_ingest.drift:' || $1 || ':' || t.system_id))
       FROM (SELECT DISTINCT system_id FROM unnest($2::text[]) AS u(system_id) ORDER BY system_id) t`,
      [organizationId, systemIds],
    );
    const rows = await manager.query<MetricRow[]>(
      `SELECT system_id, metric, detection_layer, baseline_values, edges, baseline_counts, baseline_score,
              baseline_mean, window_counts, window_count, window_sum, last_level
       FROM probe_ingest.drift_metrics
       WHERE organization_id = $1 AND system_id = ANY($2::text[])
       ORDER BY system_id, metric
       FOR UPDATE`,
      [organizationId, systemIds],
    );
    return rows.map((row) => ({
      systemId: row.system_id,
      metric: row.metric,
      layer: row.detection_layer,
      state: {
        baselineValues: row.baseline_values,
        edges: row.edges,
        baselineCounts: row.baseline_counts,
        baselineScore: row.baseline_score,
        baselineMean: row.baseline_mean,
        windowCounts: row.window_counts,
        windowCount: row.window_count,
        windowSum: row.window_sum,
        lastLevel: row.last_level,
      },
    }));
  }

  /** Upserts these metric states, one statement for all of them. */
  async saveMetricStates(
    manager: EntityManager,
    organizationId: string,
    states: readonly StoredMetricState[],
  ): Promise<void> {
    if (states.length === 0) return;
    const params: unknown[] = [organizationId];
    const rows = states.map((stored) => {
      const { state } = stored;
      const p = params.length;
      params.push(
        stored.systemId,
        stored.metric,
        stored.layer,
        state.baselineValues,
        state.edges,
        state.baselineCounts,
        state.baselineScore,
        state.baselineMean,
        state.windowCounts,
        state.windowCount,
        state.windowSum,
        state.lastLevel,
      );
      const n = (offset: number): string => `$${p + offset}`;
      return `($1, ${n(1)}, ${n(2)}, ${n(3)}, ${n(4)}::float8[], ${n(5)}::float8[], ${n(6)}::int[], ${n(7)}::float8, ${n(8)}::float8, ${n(9)}::int[], ${n(10)}::int, ${n(11)}::float8, ${n(12)}, now())`;
    });
    await manager.query(
      `INSERT INTO probe_ingest.drift_metrics
         (organization_id, system_id, metric, detection_layer, baseline_values, edges, baseline_counts,
          baseline_score, baseline_mean, window_counts, window_count, window_sum, last_level, updated_at)
       VALUES ${rows.join(', ')}
       ON CONFLICT (organization_id, system_id, metric) DO UPDATE SET
         baseline_values = EXCLUDED.baseline_values, edges = EXCLUDED.edges,
         baseline_counts = EXCLUDED.baseline_counts, baseline_score = EXCLUDED.baseline_score,
         baseline_mean = EXCLUDED.baseline_mean, window_counts = EXCLUDED.window_counts,
         window_count = EXCLUDED.window_count, window_sum = EXCLUDED.window_sum,
         last_level = EXCLUDED.last_level, updated_at = now()`,
      params,
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

  /** Upserts these alerts, one statement for all of them; a null drift id keeps the one stored. */
  async saveAlerts(
    manager: EntityManager,
    organizationId: string,
    alerts: ReadonlyArray<{
      systemId: string;
      layer: DetectionLayer;
      severity: LayerAlert;
      driftId: string | null;
    }>,
  ): Promise<void> {
    if (alerts.length === 0) return;
    const params: unknown[] = [organizationId];
    const rows = alerts.map((alert) => {
      const p = params.length;
      params.push(alert.systemId, alert.layer, alert.severity, alert.driftId);
      return `($1, $${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, now())`;
    });
    await manager.query(
      `INSERT INTO probe_ingest.drift_alerts (organization_id, system_id, detection_layer, severity, drift_id, updated_at)
       VALUES ${rows.join(', ')}
       ON CONFLICT (organization_id, system_id, detection_layer) DO UPDATE SET
         severity = EXCLUDED.severity, drift_id = coalesce(EXCLUDED.drift_id, probe_ingest.drift_alerts.drift_id),
         updated_at = now()`,
      params,
    );
  }

  async insertDriftRecord(manager: EntityManager, record: DriftRecordRow): Promise<void> {
    await manager.query(
      `INSERT INTO probe_ingest.drift_records
         (drift_id, organization_id, system_id, detection_layer, metric, drift_score, baseline_score, delta,
          baseline_mean, window_mean, severity)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        record.driftId,
        record.organizationId,
        record.systemId,
        record.layer,
        record.metric,
        record.driftScore,
        record.baselineScore,
        record.delta,
        record.baselineMean,
        record.windowMean,
        record.severity,
      ],
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
