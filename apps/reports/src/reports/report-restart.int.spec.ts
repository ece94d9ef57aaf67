import { createTestDatabase } from '@governance/testing';
import { awaitReport, REPORTS_PATH, ReportsHarness, type TestOrganization } from '../testing/reports-harness';
import { ReportRepository } from './report.repository';
import { MAX_CLAIMS, ReportWorker } from './report-worker';

/** Report jobs live in Postgres: a new process finishes what a stopped or crashed one left behind. */
describe('reports across restarts', () => {
  it('completes queued and abandoned reports in the next process', async () => {
    const database = await createTestDatabase();
    const first = await ReportsHarness.start({ database, env: { REPORT_CLAIM_LEASE_MS: '300' } });
    const org: TestOrganization = await first.createOrganization();
    // The first process stops working before anything is queued, as if it went down right after the POSTs.
    await first.service.app.get(ReportWorker).beforeApplicationShutdown();
    const post = async (): Promise<string> => {
      const response = await first.request('POST', REPORTS_PATH, org.apiKey, {
        type: 'executive',
        format: 'pdf',
      });
      expect(response.statusCode).toBe(202);
      return response.json<{ id: string }>().id;
    };
    const abandonedId = await post();
    const queuedId = await post();
    // A worker that claims and then dies leaves the report running under a lease.
    const claimed = await first.service.app.get(ReportRepository).claim(1, 300);
    expect(claimed.map((report) => report.row.id)).toEqual([abandonedId]);
    expect((await first.request('GET', `${REPORTS_PATH}/${abandonedId}`, org.apiKey)).json()).toMatchObject({
      status: 'running',
      download_url: null,
    });
    expect((await first.request('GET', `${REPORTS_PATH}/${queuedId}`, org.apiKey)).json()).toMatchObject({
      status: 'queued',
      completed_at: null,
      size_bytes: null,
      download_url: null,
    });
    await first.close();

    const second = await ReportsHarness.start({ database });
    try {
      for (const id of [queuedId, abandonedId]) {
        const record = await awaitReport(second, org.apiKey, id);
        expect(record).toMatchObject({ status: 'complete', download_url: expect.stringContaining(id) });
      }
      expect(await second.count('reports.report_files')).toBe(2);
    } finally {
      await second.close();
      await database.drop();
    }
  });

  it('fails a report whose workers keep dying, with an error', async () => {
    const harness = await ReportsHarness.start({ env: { REPORT_CLAIM_LEASE_MS: '100' } });
    try {
      const org = await harness.createOrganization();
      await harness.service.app.get(ReportWorker).beforeApplicationShutdown();
      const response = await harness.request('POST', REPORTS_PATH, org.apiKey, {
        type: 'compliance',
        format: 'csv',
      });
      const id = response.json<{ id: string }>().id;
      const repository = harness.service.app.get(ReportRepository);
      for (let attempt = 0; attempt < MAX_CLAIMS; attempt++) {
        expect((await repository.claim(1, 100)).map((report) => report.row.id)).toEqual([id]);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      harness.service.app.get(ReportWorker).onApplicationBootstrap();
      const record = await awaitReport(harness, org.apiKey, id);
      expect(record).toMatchObject({
        status: 'failed',
        download_url: null,
        error: `The report was abandoned after ${MAX_CLAIMS} interrupted attempts`,
      });
    } finally {
      await harness.close();
    }
  });
});
