export { SystemsReplica, SYSTEMS_REPLICA_TOPICS, type SystemsReplicaTopic } from './systems-replica';
