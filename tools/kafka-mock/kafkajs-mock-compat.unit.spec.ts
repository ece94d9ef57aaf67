/* eslint-disable @typescript-eslint/no-require-imports -- kafkajs's private modules, as the preload reaches them */
require('./kafkajs-mock-compat.cjs');

const LEADER_SYNC_GRACE_MS = 250;
const { prototype } = require('kafkajs/src/consumer/consumerGroup') as { prototype: object };
const { createErrorFromCode } = require('kafkajs/src/protocol/error') as {
  createErrorFromCode: (code: number) => Error & { type: string };
};
const { isRebalancing } = require('kafkajs/src/errors') as { isRebalancing: (error: unknown) => boolean };

const INVALID_REQUEST = 42;
const UNKNOWN_MEMBER_ID = 25;

/**
 * kafkajs's private sync step on a member of a group of two whose SyncGroup request fails with `code`
 * (the leader's assignment assigns nothing). Resolves with the error and when the request was sent.
 */
async function syncFailingWith(
  code: number,
  leader = false,
): Promise<{ error: unknown; sentAfterMs: number }> {
  const sync = Object.getOwnPropertySymbols(prototype).find(
    (symbol) => symbol.description === 'private:ConsumerGroup:sync',
  )!;
  const startedAt = Date.now();
  let sentAfterMs = -1;
  const member = {
    groupId: 'group',
    generationId: 2,
    memberId: 'member-1',
    members: [{ memberId: 'member-1' }, { memberId: 'member-2' }],
    topicsSubscribed: ['topic'],
    groupProtocol: 'nothing',
    assigners: [{ name: 'nothing', assign: () => Promise.resolve([]) }],
    cluster: { refreshMetadata: () => Promise.resolve() },
    logger: { debug: () => undefined },
    isLeader: () => leader,
    generatePartitionsPerSubscribedTopic: () => ({}),
    coordinator: {
      syncGroup: () => {
        sentAfterMs = Date.now() - startedAt;
        return Promise.reject(createErrorFromCode(code));
      },
    },
  };
  const step = (prototype as Record<symbol, (this: unknown) => Promise<void>>)[sync]!;
  const error = await step.call(member).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  return { error, sentAfterMs };
}

describe("the test harness's kafkajs preload for the mock cluster", () => {
  it('turns a SyncGroup refused as INVALID_REQUEST into a rebalance, which joins again instead of crashing', async () => {
    const { error, sentAfterMs } = await syncFailingWith(INVALID_REQUEST);
    expect(isRebalancing(error)).toBe(true);
    expect(sentAfterMs).toBeLessThan(LEADER_SYNC_GRACE_MS);
  });

  it("lets a leader's followers sync first: it sends its SyncGroup after the grace", async () => {
    const { error, sentAfterMs } = await syncFailingWith(INVALID_REQUEST, true);
    expect(isRebalancing(error)).toBe(true);
    expect(sentAfterMs).toBeGreaterThanOrEqual(LEADER_SYNC_GRACE_MS - 5);
  });

  it('leaves every other sync failure as it was', async () => {
    const error = (await syncFailingWith(UNKNOWN_MEMBER_ID)).error as { type: string };
    expect(error.type).toBe('UNKNOWN_MEMBER_ID');
    expect(isRebalancing(error)).toBe(false);
  });
});
