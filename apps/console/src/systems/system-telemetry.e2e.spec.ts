import { type Page } from 'playwright-core';
import { eventually, heading, useConsole } from '../testing/console-harness';

const HOUR_MS = 60 * 60 * 1000;

/*
 * A system's telemetry over time in Chromium: a probe's records over the last hours, a policy violation
 * and a drift, each shown on the system's page per hour against its baseline. Small drift sizes, so one
 * shifted window drifts.
 */
describe('a system’s telemetry on its page', () => {
  const ui = useConsole({
    env: { DRIFT_BASELINE_SIZE: '40', DRIFT_WINDOW_SIZE: '20', DRIFT_BINS: '4', DRIFT_NOISE_Z: '0' },
  });
  let page: Page;

  beforeAll(() => {
    page = ui.page;
  });

  it('charts latency, tokens, violations and a drifted metric against its baseline, per hour', async () => {
    const policy = await ui.api('POST', '/api/service/policies', {
      name: 'No toxic answers',
      enforcement_mode: 'BLOCK',
      rules: { field: 'metrics.toxicity', op: 'gt', value: 0.8 },
    });
    expect(policy.status).toBe(201);
    const registered = await ui.api('POST', '/api/service/probe/register', {
      probe_name: 'edge-1',
      system_name: 'Claims Triage',
      host: 'claims-1.internal',
      runtime: 'python3.12',
      environment: 'production',
      version: '1.4.0',
    });
    expect(registered.status).toBe(201);
    const probeId = registered.body.probe_id as string;
    const systemId = registered.body.system_id as string;
    await eventually(async () => {
      const sync = await ui.api('GET', `/api/service/probe/policy-sync?probe_id=${probeId}`);
      return (sync.body.policies as unknown[] | undefined)?.length === 1;
    }, 'probe ingest to hold the policy');

    const now = Date.now();
    const send = async (records: Array<{ at: number; metrics: Record<string, number> }>) => {
      const answer = await ui.api('POST', '/api/service/probe/telemetry', {
        probe_id: probeId,
        records: records.map(({ at, metrics }) => ({ timestamp: new Date(at).toISOString(), metrics })),
      });
      expect(answer.status).toBe(202);
    };
    // Six hours of traffic, slower as it goes; the same token counts each hour (an output metric drifting
    // would take the output layer's one alert before the answer length does).
    for (let hoursAgo = 5; hoursAgo >= 0; hoursAgo--)
      await send(
        Array.from({ length: 20 }, (_, i) => ({
          at: now - hoursAgo * HOUR_MS,
          metrics: {
            latency_ms: 180 + (5 - hoursAgo) * 40 + i * 6,
            'input.tokens': 400 + (i % 5) * 10,
            'output.tokens': 250 + (i % 5) * 6,
          },
        })),
      );
    // The answer length's baseline, then a window far longer, and one toxic answer.
    const lengths = (base: number) =>
      Array.from({ length: 20 }, (_, i) => ({ at: now, metrics: { 'output.length': base + (i % 5) * 4 } }));
    await send([...lengths(120), ...lengths(122)]);
    await send(lengths(260));
    await send([{ at: now, metrics: { toxicity: 0.97, latency_ms: 300 } }]);
    const series = await eventually(async () => {
      const read = await ui.api('GET', `/api/service/probe/systems/${systemId}/telemetry`);
      const body = read.body as {
        drifted_metrics?: Array<{ metric: string }>;
        points?: Array<{ violations: number }>;
      };
      return body.drifted_metrics?.some((drifted) => drifted.metric === 'output.length') &&
        body.points?.some((point) => point.violations === 1)
        ? body
        : undefined;
    }, 'the telemetry, its violation and its drift in the series');
    expect(series.points).toHaveLength(24);

    await page.goto(`/systems/${systemId}`);
    await heading(page, 'Claims Triage').waitFor();
    const card = page.getByRole('region', { name: 'Telemetry over time' });
    await card.getByText('In the last 24 hours: 121 requests').waitFor();
    expect(await card.textContent()).toMatch(/1 violation; drifted: .*output\.length/);
    for (const figure of ['Latency (ms)', 'Tokens', 'Policy violations'])
      await card.getByRole('figure', { name: new RegExp(`^${figure.replace(/[()]/g, '\\$&')}`) }).waitFor();
    const drift = card.getByRole('figure', { name: /^Drift: output\.length/ });
    await drift.getByText(/^Baseline 12\d/).waitFor();
    await drift.getByText('HIGH alert').waitFor();
    // Latency drifted too, in its own layer, against its own baseline.
    expect(await card.getByRole('figure', { name: /^Drift: latency_ms/ }).count()).toBe(1);
    // Six hours with traffic; the lines are drawn, the numbers are in the table for screen readers.
    expect(await card.getByRole('table', { name: 'Telemetry per hour' }).getByRole('row').count()).toBe(7);
    expect(await card.locator('svg path').count()).toBeGreaterThanOrEqual(3);
    await ui.expectAccessible(page, 'system-telemetry');

    // A wider range reads the days instead.
    await card.getByRole('button', { name: '30 days' }).click();
    await card.getByText('In the last 30 days: 121 requests').waitFor();
    expect(await card.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    await card.getByRole('table', { name: 'Telemetry per day' }).waitFor();
    await ui.expectAccessible(page, 'system-telemetry-30-days');
  });
});
