import {
  type AssessmentCompleteDetails,
  type FindingCreatedDetails,
  type PolicyViolatedDetails,
  newId,
  newUuidV7,
  type SystemSnapshot,
} from '@governance/contracts';
import { type OutboxMessage, systemsEventMessage } from '@governance/messaging';
import { eventually, ServiceHarness, type TestDatabase } from '@governance/testing';
import { type ReportResponse } from '../reports/report.dto';
import { createService } from '../service';

export { eventually, publicMessage, systemSnapshot, type TestOrganization } from '@governance/testing';

export const REPORTS_PATH = '/api/service/reports';
export const TEST_SIGNING_KEY = 'test-report-signing-key-0123456789abcdef';

/** The reports service in-process on a fresh database, with the Postgres event log or a Kafka cluster. */
export const ReportsHarness = {
  start(
    options: { env?: Record<string, string>; kafkaBrokers?: string; database?: TestDatabase } = {},
  ): Promise<ServiceHarness> {
    return ServiceHarness.start(createService, {
      ...(options.kafkaBrokers ? { kafkaBrokers: options.kafkaBrokers } : {}),
      ...(options.database ? { database: options.database } : {}),
      env: {
        REPORT_SIGNING_KEY: TEST_SIGNING_KEY,
        REPORT_BASE_URL: 'https://governance.example/api/service/reports',
        REPORT_WORKER_POLL_MS: '50',
        ...options.env,
      },
    });
  },
};

export const systemCreated = (organizationId: string, system: SystemSnapshot): OutboxMessage =>
  systemsEventMessage({
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'system.created',
    timestamp: new Date().toISOString(),
    details: system,
  });

export function findingDetails(
  assessmentId: string,
  control: string,
  overrides: Partial<FindingCreatedDetails> = {},
): FindingCreatedDetails {
  return {
    finding_id: newId('finding'),
    title: `Control ${control} is not evidenced`,
    description: 'The document gives no usable evidence for this control.',
    control,
    framework: control.split(':')[0]!,
    system_name: 'Support Bot',
    assessment_id: assessmentId,
    remediation_id: newId('remediation'),
    ...overrides,
  };
}

export function completeDetails(
  assessmentId: string,
  overrides: Partial<AssessmentCompleteDetails> = {},
): AssessmentCompleteDetails {
  return {
    assessment_id: assessmentId,
    verdict: 'fail',
    score: 0.42,
    findings_count: 0,
    high_findings: 0,
    medium_findings: 0,
    framework: 'EU_AI_ACT',
    report_url: `https://governance.example/api/service/reports/assessments/${assessmentId}`,
    ...overrides,
  };
}

export function violationDetails(overrides: Partial<PolicyViolatedDetails> = {}): PolicyViolatedDetails {
  return {
    violation_id: newId('violation'),
    policy_id: newId('policy'),
    policy_name: 'PII egress',
    enforcement_mode: 'BLOCK',
    action_taken: 'blocked',
    probe_id: newId('probe'),
    input_hash: `sha256:${'0'.repeat(64)}`,
    context: 'c',
    ...overrides,
  };
}

/**
 * Waits until the read model and the replica of systems have applied (or skipped as already applied)
 * `count` events in total.
 */
export async function waitForProcessed(harness: ServiceHarness, count: number): Promise<void> {
  await eventually(
    async () => {
      const [row] = await harness.sql.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM reports.processed_events WHERE consumer_group IN ('reports.read-model', 'reports.system-replica')`,
      );
      return (row?.count ?? 0) >= count;
    },
    20_000,
    `the read model to apply ${count} events`,
  );
}

export type ReportRecord = ReportResponse;

/** Polls the report until it is complete or failed. */
export async function awaitReport(
  harness: ServiceHarness,
  apiKey: string,
  id: string,
): Promise<ReportRecord> {
  return await eventually(
    async () => {
      const record = (await harness.request('GET', `${REPORTS_PATH}/${id}`, apiKey)).json<ReportRecord>();
      return (record.status === 'complete' || record.status === 'failed') && record;
    },
    30_000,
    `report ${id} to finish`,
  );
}

/** The path and query of a download link, for a request to the in-process service. */
export function downloadPath(downloadUrl: string): string {
  const url = new URL(downloadUrl);
  return `${url.pathname}${url.search}`;
}
