export {
  type ReplicaTableChange,
  SystemsReplica,
  type SystemsReplicaRow,
  SYSTEMS_REPLICA_COLUMNS,
  SYSTEMS_REPLICA_TABLE_CHANGES,
  SYSTEMS_REPLICA_TOPICS,
  type SystemsReplicaTopic,
  systemsReplicaMigrations,
  systemsReplicaTableSql,
} from './systems-replica';
export {
  SYSTEM_REPLICA_CONSUMER,
  SYSTEM_SNAPSHOT_STORE,
  type SystemSnapshotStore,
  SystemSnapshotsConsumer,
} from './system-snapshots.consumer';
export { SystemsReplicaConsumer } from './systems-replica.consumer';
