import { setTimeout as sleep } from 'node:timers/promises';
import { kafkajsInternals } from './kafkajs-internals';

const SYNC = 'private:ConsumerGroup:sync';
/** The protocol error kafkajs's join-and-sync loop answers by joining again under the same member id. */
const REBALANCE_IN_PROGRESS = 27;

/** How long a leader of a group of several lets its followers send their SyncGroup first. */
export const LEADER_SYNC_GRACE_MS = 250;

interface ProtocolError {
  type?: string;
}

interface ConsumerGroupState {
  members: unknown[] | null;
  isLeader(): boolean;
}

let applied = false;

/**
 * librdkafka's mock coordinator refuses (INVALID_REQUEST) a follower whose SyncGroup arrives after the
 * leader's, where a broker holds the followers until the leader's arrives and answers each with its
 * assignment; a consumer that has just started, or one on a loaded machine, easily is late. kafkajs 2.2.4
 * then crashes the consumer, restarts it a second later under a new member id, and the old id stays in
 * the group until its session ends: two more rebalances. So a failed sync is a failed round, and the
 * member joins again at once, as after REBALANCE_IN_PROGRESS; and a leader of several members syncs
 * LEADER_SYNC_GRACE_MS late, which makes that rare and costs a broker's rebalance no more than the
 * grace. Applied once; other versions are left alone.
 */
export function fixLateFollowerSync(): boolean {
  if (applied) return true;
  const load = kafkajsInternals();
  if (!load) return false;
  const { prototype } = load('./src/consumer/consumerGroup') as { prototype: object };
  const { createErrorFromCode } = load('./src/protocol/error') as {
    createErrorFromCode: (code: number) => Error;
  };
  const sync = Object.getOwnPropertySymbols(prototype).find((symbol) => symbol.description === SYNC);
  if (!sync) return false;
  const methods = prototype as Record<symbol, () => Promise<void>>;
  const original = methods[sync]!;
  methods[sync] = async function (this: ConsumerGroupState) {
    if (this.isLeader() && (this.members?.length ?? 0) > 1) await sleep(LEADER_SYNC_GRACE_MS);
    try {
      await original.call(this);
    } catch (error) {
      if ((error as ProtocolError).type !== 'INVALID_REQUEST') throw error;
      throw createErrorFromCode(REBALANCE_IN_PROGRESS);
    }
  };
  applied = true;
  return true;
}
