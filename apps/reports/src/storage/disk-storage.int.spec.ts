import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '@governance/contracts';
import { type ServiceHarness } from '@governance/testing';
import {
  completeDetails,
  eventually,
  findingDetails,
  publicMessage,
  REPORTS_PATH,
  ReportsHarness,
  type TestOrganization,
} from '../testing/reports-harness';

/** REPORT_STORAGE=disk keeps files under REPORT_STORAGE_DIR; the grace releases reports whose findings never came. */
describe('reports on local disk, with a short assessment grace', () => {
  let harness: ServiceHarness;
  let org: TestOrganization;
  let directory: string;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'reports-storage-'));
    harness = await ReportsHarness.start({
      env: { REPORT_STORAGE: 'disk', REPORT_STORAGE_DIR: directory, REPORT_ASSESSMENT_GRACE_MS: '400' },
    });
    org = await harness.createOrganization();
  }, 120_000);

  afterAll(async () => {
    await harness.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('generates after the grace with the findings that did arrive, and serves the file from disk', async () => {
    const assessment = newId('assessment');
    await harness.publishMessages([
      publicMessage(org.id, 'finding.created', findingDetails(assessment, 'EU_AI_ACT:Art.4'), {
        severity: 'MEDIUM',
        systemId: null,
      }),
      publicMessage(org.id, 'assessment.complete', completeDetails(assessment, { findings_count: 3 }), {
        severity: 'INFO',
        systemId: null,
      }),
    ]);
    const location = await eventually(
      async () => {
        const response = await harness.request(
          'GET',
          `${REPORTS_PATH}/assessments/${assessment}`,
          org.apiKey,
        );
        return response.statusCode === 303 && String(response.headers['location']);
      },
      30_000,
      'the report after its grace',
    );
    const reportId = /\/(rpt_[0-9A-Z]{26})\/download/.exec(location)![1]!;
    const path = join(directory, org.id, reportId);
    expect(existsSync(path)).toBe(true);
    expect(await harness.count('reports.report_files')).toBe(0);
    const url = new URL(location);
    const file = await harness.request('GET', `${url.pathname}${url.search}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(readFileSync(path))).toBe(true);
    const [row] = await harness.sql.query<Array<{ size_bytes: number }>>(
      'SELECT size_bytes FROM reports.reports WHERE id = $1',
      [reportId],
    );
    expect(row!.size_bytes).toBe(file.rawPayload.length);
  });
});
