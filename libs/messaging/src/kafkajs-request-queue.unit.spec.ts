import { createRequire } from 'node:module';
import { fixKafkaRequestQueueTimer } from './kafkajs-request-queue';

interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  scheduleCheckPendingRequests(): void;
  destroy(): void;
}

const load = createRequire(createRequire(__filename).resolve('kafkajs'));
const RequestQueue = load('./src/network/requestQueue') as new (options: object) => RequestQueue;

function newQueue(): RequestQueue {
  const logger = {
    debug: () => undefined,
    warn: () => undefined,
    error: () => undefined,
    info: () => undefined,
  };
  return new RequestQueue({
    maxInFlightRequests: null,
    requestTimeout: 1000,
    clientId: 'test',
    broker: 'b:1',
    logger,
  });
}

describe('the kafkajs request queue timer fix', () => {
  beforeAll(() => expect(fixKafkaRequestQueueTimer()).toBe(true));

  it('arms no timer when nothing is pending, so an idle connection never wakes (and none is negative)', () => {
    const queue = newQueue();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      queue.scheduleCheckPendingRequests();
      expect(queue.throttleCheckTimeoutId).toBeNull();
    } finally {
      process.off('warning', onWarning);
      queue.destroy();
    }
    expect(warnings).toEqual([]);
  });

  it('still checks pending requests: after the throttle, or at the short interval', () => {
    const queue = newQueue();
    try {
      queue.pending.push({});
      queue.throttledUntil = Date.now() + 5_000;
      queue.scheduleCheckPendingRequests();
      expect(queue.throttleCheckTimeoutId).not.toBeNull();
    } finally {
      queue.pending.length = 0;
      queue.destroy();
    }
  });
});
