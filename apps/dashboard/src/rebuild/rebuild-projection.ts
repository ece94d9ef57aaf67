import { createKafka } from '@governance/messaging';
import { createLogger } from '@governance/platform';
import { DataSource } from 'typeorm';
import { readDashboardConfig } from '../config';
import { DASHBOARD_READ_MODEL_TABLES } from '../migrations/1764200000000-dashboard-initial';
import { PROJECTION_CONSUMER } from '../projection/projection.consumer';
import { PROJECTED_TOPICS } from '../projection/projection.service';

export const PROJECTION_GROUP = `dashboard.${PROJECTION_CONSUMER}`;

export interface RebuildOutcome {
  bus: 'event-log' | 'kafka';
  /** Event-log checkpoints moved back to the start (0 when the group never consumed). */
  checkpointsReset: number;
}

/**
 * Empties the dashboard's read model and makes its consumer replay the bus from the beginning; the
 * projection then rebuilds everything from the events (it is a pure function of them).
 *
 * Run it with the dashboard service stopped (`npm run projection:rebuild -- dashboard`), then start the
 * service. On the Postgres event log the group's checkpoints are set back to position 0 in the same
 * transaction that empties the read model and the group's processed-event marks, so the read model and
 * its position never disagree. On Kafka the group `dashboard.projection` is reset to the earliest offset
 * of every projected topic (Kafka refuses this while members of the group are connected, which is the
 * check that the service is stopped); the read model is emptied only after the reset succeeded. Kafka
 * retention bounds what can be replayed: events older than the topics keep are lost to a rebuild.
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
          // Taking the rows' locks first waits out a batch a still-running consumer may hold.
          const rows = await manager.query<unknown[]>(
            'SELECT topic FROM event_bus.checkpoints WHERE consumer_group = $1 FOR UPDATE',
            [PROJECTION_GROUP],
          );
          await manager.query(
            'UPDATE event_bus.checkpoints SET position = 0, updated_at = now() WHERE consumer_group = $1',
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
