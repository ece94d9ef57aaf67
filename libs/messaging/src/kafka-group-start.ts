import { type Kafka } from 'kafkajs';
import { kafkajsInternals } from './kafkajs-internals';

const CREATE_CLUSTER = 'private:Kafka:createCluster';
/** What a broker answers a commit outside the group's generation: the group has live members. */
const GROUP_HAS_MEMBERS = new Set(['UNKNOWN_MEMBER_ID', 'ILLEGAL_GENERATION', 'REBALANCE_IN_PROGRESS']);

interface PartitionOffset {
  partition: number;
  offset: string;
}

interface Coordinator {
  offsetFetch(request: {
    groupId: string;
    topics: Array<{ topic: string; partitions: Array<{ partition: number }> }>;
  }): Promise<{ responses: Array<{ topic: string; partitions: PartitionOffset[] }> }>;
  offsetCommit(request: {
    groupId: string;
    groupGenerationId: number;
    memberId: string;
    topics: Array<{ topic: string; partitions: PartitionOffset[] }>;
  }): Promise<unknown>;
}

interface Cluster {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  addMultipleTargetTopics(topics: string[]): Promise<void>;
  findTopicPartitionMetadata(topic: string): Array<{ partitionId: number }>;
  findGroupCoordinator(request: { groupId: string }): Promise<Coordinator>;
  fetchTopicsOffset(
    topics: Array<{ topic: string; fromBeginning: boolean; partitions: Array<{ partition: number }> }>,
  ): Promise<Array<{ topic: string; partitions: PartitionOffset[] }>>;
}

function clusterOf(kafka: Kafka): Cluster | undefined {
  if (!kafkajsInternals()) return undefined;
  const symbol = Object.getOwnPropertySymbols(kafka).find((key) => key.description === CREATE_CLUSTER);
  const create = symbol && (kafka as unknown as Record<symbol, (options: object) => Cluster>)[symbol];
  return create ? create({}) : undefined;
}

/**
 * Commits, for each partition of `topics` the group has no offset on, the partition's first offset, as
 * the group's own record that it starts there; runs before the subscription's consumer joins. The event
 * log writes a subscription's checkpoint row at once; this is Kafka's counterpart. Without it a group
 * that has yet to process its first record looks like one that is not deployed, and a service waiting
 * for it (ReplicaCatchUp.otherGroupCaughtUp) would not wait.
 *
 * Only partitions with no offset a moment before are committed, outside any generation, which a broker
 * takes only while the group has no members: a running member's offsets are never moved back. (A last
 * member of an older deployment that commits and leaves in that moment sees its partition replayed from
 * the start, which consumers idempotent on the event id absorb.) Returns whether it could record the start.
 */
export async function recordGroupStart(kafka: Kafka, groupId: string, topics: string[]): Promise<boolean> {
  const cluster = clusterOf(kafka);
  if (!cluster) return false;
  try {
    await cluster.connect();
    await cluster.addMultipleTargetTopics(topics);
    const coordinator = await cluster.findGroupCoordinator({ groupId });
    const { responses } = await coordinator.offsetFetch({
      groupId,
      topics: topics.map((topic) => ({
        topic,
        partitions: cluster.findTopicPartitionMetadata(topic).map(({ partitionId }) => ({
          partition: partitionId,
        })),
      })),
    });
    const unstarted = withoutOffsets(responses).map((topic) => ({ ...topic, fromBeginning: true }));
    if (unstarted.length === 0) return true;
    const firstOffsets = await cluster.fetchTopicsOffset(unstarted);
    await coordinator.offsetCommit({ groupId, groupGenerationId: -1, memberId: '', topics: firstOffsets });
    return true;
  } catch (error) {
    if (GROUP_HAS_MEMBERS.has((error as { type?: string }).type ?? '')) return true;
    throw error;
  } finally {
    await cluster.disconnect();
  }
}

/** Per topic, the partitions with no committed offset (kafkajs reports -1); topics with none left out. */
export function withoutOffsets(
  committed: ReadonlyArray<{ topic: string; partitions: readonly PartitionOffset[] }>,
): Array<{ topic: string; partitions: Array<{ partition: number }> }> {
  return committed
    .map(({ topic, partitions }) => ({
      topic,
      partitions: partitions
        .filter(({ offset }) => Number(offset) < 0)
        .map(({ partition }) => ({ partition })),
    }))
    .filter(({ partitions }) => partitions.length > 0);
}
