'use strict';
/*
 * Loaded only by tests that talk to librdkafka's mock cluster (a `--require` preload of the service
 * processes the end-to-end and chaos tests start), never by the product.
 *
 * The mock's coordinator refuses (INVALID_REQUEST) a follower whose SyncGroup arrives after the leader's,
 * where a broker holds the followers until the leader's arrives and answers each with its assignment. A
 * consumer that has just started, or one on a loaded machine, easily is late; kafkajs 2.2.4 then crashes
 * the consumer and rejoins under a new member id, and the old id stays until its session ends: two more
 * rebalances a broker would never cause. Here a refused sync is a failed round, answered like
 * REBALANCE_IN_PROGRESS (join again under the same id), and a leader of several members syncs
 * LEADER_SYNC_GRACE_MS late so that followers rarely are. Other kafkajs versions are left alone.
 */
const { setTimeout: sleep } = require('node:timers/promises');

const KNOWN_VERSION = '2.2.4';
const LEADER_SYNC_GRACE_MS = 250;
const REBALANCE_IN_PROGRESS = 27;

if (require('kafkajs/package.json').version === KNOWN_VERSION) {
  const { prototype } = require('kafkajs/src/consumer/consumerGroup');
  const { createErrorFromCode } = require('kafkajs/src/protocol/error');
  const sync = Object.getOwnPropertySymbols(prototype).find(
    (symbol) => symbol.description === 'private:ConsumerGroup:sync',
  );
  const original = prototype[sync];
  prototype[sync] = async function syncAfterFollowers() {
    if (this.isLeader() && (this.members?.length ?? 0) > 1) await sleep(LEADER_SYNC_GRACE_MS);
    try {
      await original.call(this);
    } catch (error) {
      if (error?.type !== 'INVALID_REQUEST') throw error;
      throw createErrorFromCode(REBALANCE_IN_PROGRESS);
    }
  };
}
