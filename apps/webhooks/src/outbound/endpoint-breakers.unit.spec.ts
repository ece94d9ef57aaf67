import { EndpointBreakers } from './endpoint-breakers';
import type { AttemptOutcome } from './webhook-sender';

const noBody = { responseBody: null, responseBodyTruncated: false };
const ok: AttemptOutcome = { success: true, statusCode: 200, responseTimeMs: 12, error: null, ...noBody };
const failed: AttemptOutcome = {
  ...noBody,
  success: false,
  statusCode: null,
  responseTimeMs: 8,
  error: 'timeout',
};
const answeredWithError: AttemptOutcome = {
  ...noBody,
  success: false,
  statusCode: 503,
  responseTimeMs: 8,
  error: 'http_status',
};
const refused: AttemptOutcome = {
  ...noBody,
  success: false,
  statusCode: null,
  responseTimeMs: 0,
  error: 'destination_refused: loopback',
};
const circuitOpen: AttemptOutcome = {
  ...noBody,
  success: false,
  statusCode: null,
  responseTimeMs: 0,
  error: 'circuit_open',
};

const dead = 'https://dead.example.com/hook';
const healthy = 'https://healthy.example.com/hook';

function attemptReturning(outcome: AttemptOutcome): jest.Mock<Promise<AttemptOutcome>, []> {
  return jest.fn(() => Promise.resolve(outcome));
}

async function failTimes(breakers: EndpointBreakers, url: string, times: number): Promise<AttemptOutcome[]> {
  const outcomes: AttemptOutcome[] = [];
  for (let i = 0; i < times; i++) outcomes.push(await breakers.fire(url, attemptReturning(failed)));
  return outcomes;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('EndpointBreakers', () => {
  let breakers: EndpointBreakers;

  beforeEach(() => {
    breakers = new EndpointBreakers({ resetTimeoutMs: 100 });
  });

  afterEach(() => breakers.close());

  it('passes outcomes through unchanged, failed ones returned rather than thrown', async () => {
    await expect(breakers.fire(healthy, attemptReturning(ok))).resolves.toBe(ok);
    await expect(breakers.fire(healthy, attemptReturning(failed))).resolves.toBe(failed);
  });

  it('stays closed below the volume threshold and opens once it is reached', async () => {
    expect(await failTimes(breakers, dead, 4)).toEqual([failed, failed, failed, failed]);
    const fifth = attemptReturning(failed);
    await expect(breakers.fire(dead, fifth)).resolves.toBe(failed);
    expect(fifth).toHaveBeenCalledTimes(1);

    const afterOpen = attemptReturning(ok);
    await expect(breakers.fire(dead, afterOpen)).resolves.toEqual(circuitOpen);
    expect(afterOpen).not.toHaveBeenCalled();
  });

  it('never opens for an endpoint that answers, whatever the status, or for refusals made before connecting', async () => {
    for (let i = 0; i < 10; i++) await breakers.fire(dead, attemptReturning(answeredWithError));
    for (let i = 0; i < 10; i++) await breakers.fire(dead, attemptReturning(refused));
    const next = attemptReturning(ok);
    await expect(breakers.fire(dead, next)).resolves.toBe(ok);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('stays closed while the error rate is at or below the threshold', async () => {
    for (let i = 0; i < 5; i++) await breakers.fire(dead, attemptReturning(ok));
    await failTimes(breakers, dead, 5);

    const next = attemptReturning(ok);
    await expect(breakers.fire(dead, next)).resolves.toBe(ok);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('half-opens after the reset time-out, lets one trial through and closes on its success', async () => {
    await failTimes(breakers, dead, 5);
    await expect(breakers.fire(dead, attemptReturning(ok))).resolves.toEqual(circuitOpen);

    await sleep(130);
    let finishTrial: (outcome: AttemptOutcome) => void = () => undefined;
    const trial = jest.fn(() => new Promise<AttemptOutcome>((resolve) => (finishTrial = resolve)));
    const trialOutcome = breakers.fire(dead, trial);
    const duringTrial = attemptReturning(ok);
    await expect(breakers.fire(dead, duringTrial)).resolves.toEqual(circuitOpen);
    expect(duringTrial).not.toHaveBeenCalled();
    finishTrial(ok);
    await expect(trialOutcome).resolves.toBe(ok);

    const afterClose = attemptReturning(ok);
    await expect(breakers.fire(dead, afterClose)).resolves.toBe(ok);
    await expect(breakers.fire(dead, attemptReturning(failed))).resolves.toBe(failed);
    expect(afterClose).toHaveBeenCalledTimes(1);
  });

  it('re-opens when the half-open trial fails', async () => {
    await failTimes(breakers, dead, 5);
    await sleep(130);

    await expect(breakers.fire(dead, attemptReturning(failed))).resolves.toBe(failed);

    const next = attemptReturning(ok);
    await expect(breakers.fire(dead, next)).resolves.toEqual(circuitOpen);
    expect(next).not.toHaveBeenCalled();
  });

  it('keeps endpoints independent: a dead one does not open another breaker', async () => {
    await failTimes(breakers, dead, 10);
    await expect(breakers.fire(dead, attemptReturning(ok))).resolves.toEqual(circuitOpen);

    const other = attemptReturning(ok);
    await expect(breakers.fire(healthy, other)).resolves.toBe(ok);
    await expect(breakers.fire('https://dead.example.com:8443/hook', attemptReturning(ok))).resolves.toBe(ok);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('keys breakers by origin, so every path of an endpoint shares one', async () => {
    await failTimes(breakers, 'https://dead.example.com/a', 5);

    await expect(breakers.fire('https://dead.example.com:443/b?x=1', attemptReturning(ok))).resolves.toEqual(
      circuitOpen,
    );
    await expect(breakers.fire('http://dead.example.com/a', attemptReturning(ok))).resolves.toBe(ok);
  });

  it('drops the least recently used breaker beyond the bound', async () => {
    const bounded = new EndpointBreakers({ resetTimeoutMs: 60_000, maxEndpoints: 2 });
    try {
      await failTimes(bounded, 'https://a.example', 5);
      await failTimes(bounded, 'https://b.example', 5);
      await expect(bounded.fire('https://a.example', attemptReturning(ok))).resolves.toEqual(circuitOpen);

      await bounded.fire('https://c.example', attemptReturning(ok));

      await expect(bounded.fire('https://a.example', attemptReturning(ok))).resolves.toEqual(circuitOpen);
      await expect(bounded.fire('https://b.example', attemptReturning(ok))).resolves.toBe(ok);
    } finally {
      bounded.close();
    }
  });

  it('leaves the time-out to the sender: an attempt slower than opossum’s 10 s default completes', async () => {
    jest.useFakeTimers();
    const slow = new EndpointBreakers({ resetTimeoutMs: 100 });
    try {
      const outcome = slow.fire(
        healthy,
        () => new Promise<AttemptOutcome>((resolve) => setTimeout(() => resolve(ok), 15_000)),
      );
      await jest.advanceTimersByTimeAsync(15_000);
      await expect(outcome).resolves.toBe(ok);
    } finally {
      slow.close();
      jest.useRealTimers();
    }
  });

  it('rejects only when the attempt itself rejects, and counts that as a failure', async () => {
    const bug = new Error('dispatcher bug');
    for (let i = 0; i < 5; i++)
      await expect(breakers.fire(dead, () => Promise.reject(bug))).rejects.toBe(bug);

    await expect(breakers.fire(dead, attemptReturning(ok))).resolves.toEqual(circuitOpen);
  });
});
