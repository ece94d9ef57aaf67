import { gauge } from '@governance/platform';

/** Records a group has yet to read; on the event log an upper bound (positions span all topics). */
const consumerLag = gauge({
  name: 'consumer_lag',
  help: 'Records not yet consumed, per consumer group, topic and partition',
  labelNames: ['service', 'consumer_group', 'topic', 'partition'],
});

/** The event log has no partitions; its one stream per topic reports as partition 0. */
export const EVENT_LOG_PARTITION = '0';

/** `service.consumer`: the service is the group's first segment. */
function serviceOf(consumerGroup: string): string {
  return consumerGroup.split('.', 1)[0] ?? consumerGroup;
}

export function reportConsumerLag(
  consumerGroup: string,
  topic: string,
  partition: number | string,
  lag: number,
): void {
  consumerLag.set(
    { service: serviceOf(consumerGroup), consumer_group: consumerGroup, topic, partition: String(partition) },
    Math.max(0, lag),
  );
}
