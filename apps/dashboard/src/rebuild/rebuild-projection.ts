import { createKafka } from '@governance/messaging';
import { createLogger } from '@governance/platform';
import { DataSource } from 'typeorm';
import { readDashboardConfig } from '../config';
import { DASHBOARD_READ_MODEL_TABLES } from '../migrations/1764200000000-dashboard-initial';
import { PROJECTION_CONSUMER } from '../projection/projection.consumer';
import { PROJECTED_TOPICS } from '../projection/projection.service';

const PROJECTION_GROUP = `dashboard.${PROJECTION_CONSUMER}`;

interface RebuildOutcome {
  bus: 'event-log' | 'kafka';
  /** Event-log checkpoints moved back to the start (0 when the group never consumed). */
  checkpointsReset: number;
}

/**
 * Empties the dashboard's read model and makes its consumer replay the bus from the start (docs/api.md,
 * "Rebuilding the projection"). Event-log checkpoints go back to 0 in the transaction that empties the read
 * model, so the two never disagree; on Kafka the read model is emptied only once the offsets were reset.
 */
export async function rebuildDashboard(env: NodeJS.ProcessEnv = process.env): Promise<RebuildOutcome> {
  const config = readDashboardConfig(env);
  const logger = createLogger('dashboard-rebuild', config.logLevel);
  if (config.messaging.kafka) {
    const admin = createKafka(config.messaging.kafka, logger).admin();
    await admin.connect();
    try {
      for (const topic of PROJECTED_TOPICS) {
        await admin.resetOffsets({ groupId: PROJECTION_GROUP, topic, earliest: true });
      }
    } finally {
      await admin.disconnect();
    }
  }
  const dataSource = new DataSource({ type: 'postgres', url: config.database.url, extra: { max: 1 } });
  await dataSource.initialize();
  try {
    const checkpointsReset = await dataSource.transaction(async (manager) => {
      let reset = 0;
      if (!config.messaging.kafka) {
        const [log] = await manager.query<Array<{ present: boolean }>>(
          `SELECT to_regclass('event_bus.checkpoints') IS NOT NULL AS present`,
        );
        if (log?.present) {
          // The update waits out a batch a still-running consumer may hold on these rows.
          const [rows] = await manager.query<[unknown[], number]>(
            `UPDATE event_bus.checkpoints SET position = 0, updated_at = now() WHERE consumer_group = $1
             RETURNING topic`,
            [PROJECTION_GROUP],
          );
          reset = rows.length;
        }
      }
      await manager.query(`TRUNCATE ${DASHBOARD_READ_MODEL_TABLES.join(', ')}`);
      await manager.query('DELETE FROM dashboard.processed_events WHERE consumer_group = $1', [
        PROJECTION_GROUP,
      ]);
      return reset;
    });
    logger.info(
      { consumer_group: PROJECTION_GROUP, checkpoints_reset: checkpointsReset },
      'dashboard projection reset',
    );
    return { bus: config.messaging.kafka ? 'kafka' : 'event-log', checkpointsReset };
  } finally {
    await dataSource.destroy();
  }
}
