import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findFramework, type Framework, FRAMEWORKS } from '@governance/frameworks';
import { newUuidV7 } from '@governance/contracts';
import { readAuditEntries, systemSnapshot } from '@governance/testing';
import { systemsEventMessage } from '@governance/messaging';
import { assessDocument, compileFramework } from '../engine';
import {
  ASSESS_PATH,
  AssessHarness,
  awaitAssessment,
  eventually,
  publicRecordProblems,
  readOutbox,
  registerSystem,
  type TestOrganization,
} from '../testing/assess-harness';

const fixture = (name: string): string => readFileSync(join(__dirname, '../engine/fixtures', name), 'utf8');
const STRONG = fixture('strong-model-card.md');
const THIN = fixture('thin-ai-policy.md');
const NIST = findFramework('NIST_AI_RMF')!;

/**
 * A document written to one framework's control list: a section per control that states each of its
 * evidence concepts. It is what a team answering the framework point by point produces, and it should pass.
 */
function documentAnswering(framework: Framework): string {
  return framework.controls
    .map((control) => {
      const sentences = control.evidence_cues.map(
        (cue) => `Our programme covers ${cue.terms[0]} for every production system, reviewed each quarter.`,
      );
      return `## ${control.id} ${control.title}\n\n${sentences.join('\n')}\n`;
    })
    .join('\n');
}

interface Finding {
  finding_id: string;
  control: string;
  framework: string;
  title: string;
  description: string;
  status: string;
  severity: string;
  evidence: Array<{
    quote: string;
    section: string;
    line: number;
    offset: number;
    context_before: string;
    context_after: string;
  }>;
  remediation_id: string;
  remediation: string;
}

describe('document assessments', () => {
  let harness: AssessHarness;
  let org: TestOrganization;
  let system: { systemId: string; name: string };

  beforeAll(async () => {
    harness = await AssessHarness.start();
    org = await harness.createOrganization('free');
    system = await registerSystem(harness, org.id);
  });

  afterAll(() => harness.close());

  const submit = async (framework: string, title: string, content: string): Promise<string> => {
    const response = await harness.request('POST', `${ASSESS_PATH}/document`, org.apiKey, {
      system_id: system.systemId,
      framework,
      document: { title, content },
    });
    expect(response.statusCode).toBe(202);
    const body = response.json<{ id: string; status: string }>();
    expect(body).toEqual({ id: expect.stringMatching(/^asmnt_[0-9A-Z]{26}$/), status: 'queued' });
    return body.id;
  };

  it('lists the three frameworks as templates', async () => {
    const response = await harness.request('GET', `${ASSESS_PATH}/templates`, org.apiKey);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Array<Record<string, unknown>> }>();
    expect(data.map((template) => [template['id'], template['key'], template['control_count']])).toEqual(
      FRAMEWORKS.map((framework) => [framework.key, framework.key, framework.controls.length]),
    );
    for (const template of data) {
      expect(Object.keys(template).sort()).toEqual(
        ['control_count', 'description', 'id', 'key', 'name', 'version'].sort(),
      );
    }
  });

  it('scores a strong model card well above a thin policy, fails the thin one, and emits valid events', async () => {
    const strongId = await submit('NIST_AI_RMF', 'ClaimSense model card', STRONG);
    const thinId = await submit('NIST_AI_RMF', 'AI policy', THIN);
    const strong = await awaitAssessment(harness, org.apiKey, strongId);
    const thin = await awaitAssessment(harness, org.apiKey, thinId);

    expect(strong.status).toBe('complete');
    expect(thin.status).toBe('complete');
    expect(strong.score!).toBeGreaterThan(thin.score! + 0.25);
    expect(thin.verdict).toBe('fail');
    expect(strong).toEqual({
      id: strongId,
      system_id: system.systemId,
      framework: 'NIST_AI_RMF',
      title: 'ClaimSense model card',
      status: 'complete',
      progress: 100,
      error: null,
      verdict: expect.stringMatching(/^(pass|conditional|fail)$/),
      score: expect.any(Number),
      findings_count: expect.any(Number),
      high_findings: expect.any(Number),
      medium_findings: expect.any(Number),
      report_url: `http://localhost:8080/api/service/reports/assessments/${strongId}`,
      created_at: expect.any(String),
      completed_at: expect.any(String),
    });

    // The service reports exactly what the engine decides for the same document.
    const expected = assessDocument(
      { title: 'ClaimSense model card', content: STRONG },
      compileFramework(NIST),
    );
    expect(strong.score).toBe(expected.summary.score);
    expect(strong.verdict).toBe(expected.summary.verdict);
    expect(strong.findings_count).toBe(expected.summary.findings_count);

    const findingsResponse = await harness.request('GET', `${ASSESS_PATH}/${strongId}/findings`, org.apiKey);
    expect(findingsResponse.statusCode).toBe(200);
    const findings = findingsResponse.json<{ data: Finding[] }>().data;
    expect(findings).toHaveLength(NIST.controls.length);
    expect(findings.map((finding) => [finding.control, finding.status])).toEqual(
      expected.controls.map((control) => [`NIST_AI_RMF:${control.control_id}`, control.status]),
    );
    for (const finding of findings) {
      expect(finding.finding_id).toMatch(/^fnd_/);
      expect(finding.remediation_id).toMatch(/^rem_/);
      expect(finding.remediation.length).toBeGreaterThan(0);
      for (const evidence of finding.evidence) {
        expect(STRONG.slice(evidence.offset, evidence.offset + evidence.quote.length)).toBe(evidence.quote);
        // The document is dropped once assessed; the text around the quote is kept verbatim.
        const start = evidence.offset - evidence.context_before.length;
        expect(STRONG.slice(start, start + evidence.context_before.length + evidence.quote.length)).toBe(
          evidence.context_before + evidence.quote,
        );
        const end = evidence.offset + evidence.quote.length;
        expect(STRONG.slice(end, end + evidence.context_after.length)).toBe(evidence.context_after);
      }
    }
    expect(findings.some((finding) => finding.status === 'met' && finding.evidence.length > 0)).toBe(true);
    expect(
      findings.flatMap((finding) => finding.evidence).some((evidence) => evidence.context_before !== ''),
    ).toBe(true);

    const events = (await readOutbox(harness)).filter(
      (entry) => entry.record.details['assessment_id'] === strongId,
    );
    for (const { record } of events) expect(publicRecordProblems(record)).toEqual([]);
    const created = events.filter((entry) => entry.eventType === 'finding.created');
    const unmet = findings.filter((finding) => finding.status !== 'met');
    expect(created.map((entry) => entry.record.details['control'])).toEqual(
      unmet.map((finding) => finding.control),
    );
    expect(created.map((entry) => entry.record.details['finding_id'])).toEqual(
      unmet.map((finding) => finding.finding_id),
    );
    expect(created.map((entry) => entry.record.severity)).toEqual(unmet.map((finding) => finding.severity));
    for (const { record } of created) {
      expect(record.system_id).toBe(system.systemId);
      expect(record.details['system_name']).toBe(system.name);
    }
    // assessment.complete comes last, after every finding of the run.
    expect(events.map((entry) => entry.eventType).at(-1)).toBe('assessment.complete');
    const complete = events.at(-1)!.record;
    expect(complete.severity).toBe('INFO');
    expect(complete.details).toEqual({
      assessment_id: strongId,
      verdict: strong.verdict,
      score: strong.score,
      findings_count: strong.findings_count,
      high_findings: strong.high_findings,
      medium_findings: strong.medium_findings,
      framework: 'NIST_AI_RMF',
      report_url: strong.report_url,
    });
    expect(created).toHaveLength(strong.findings_count as number);

    // The audit trail: submitted by the key, completed by the service; never the document's text.
    const audited = await readAuditEntries(harness, 'assess', strongId);
    expect(audited.map((entry) => [entry.action, entry.actor_type, entry.before, entry.after])).toEqual([
      [
        'assessment.submitted',
        'api_key',
        null,
        {
          status: 'queued',
          system_id: system.systemId,
          framework: 'NIST_AI_RMF',
          title: 'ClaimSense model card',
        },
      ],
      [
        'assessment.completed',
        'service',
        { status: 'running' },
        {
          status: 'complete',
          verdict: strong.verdict,
          score: strong.score,
          findings_count: strong.findings_count,
          high_findings: strong.high_findings,
        },
      ],
    ]);
    expect(JSON.stringify(audited)).not.toContain(STRONG.slice(0, 40));
  });

  it('passes a document written to answer the framework control by control', async () => {
    const id = await submit('NIST_AI_RMF', 'NIST AI RMF response', documentAnswering(NIST));
    const result = await awaitAssessment(harness, org.apiKey, id);
    expect([result.status, result.verdict]).toEqual(['complete', 'pass']);
    expect(result.score!).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps one organization out of another one’s assessments', async () => {
    const id = await submit('ISO_42001', 'AI policy', THIN);
    const other = await harness.createOrganization('free');
    for (const path of [`${ASSESS_PATH}/${id}`, `${ASSESS_PATH}/${id}/findings`]) {
      const response = await harness.request('GET', path, other.apiKey);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('not_found');
    }
    const foreign = await harness.request('POST', `${ASSESS_PATH}/document`, other.apiKey, {
      system_id: system.systemId,
      framework: 'ISO_42001',
      document: { title: 'x', content: 'y' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ error: { details: Array<{ field: string }> } }>().error.details[0]!.field).toBe(
      'system_id',
    );
    await awaitAssessment(harness, org.apiKey, id);
  });

  it('names the system as the replica last heard it, ignoring a snapshot older than the one it holds', async () => {
    const renamed = `${system.name} v2`;
    const snapshot = (name: string, updatedAt: string) =>
      systemsEventMessage({
        id: newUuidV7(),
        organization_id: org.id,
        event: 'system.updated',
        timestamp: updatedAt,
        details: systemSnapshot({
          system_id: system.systemId,
          name,
          risk_tier: 'high',
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: updatedAt,
        }),
      });
    const rename = snapshot(renamed, new Date(Date.now() + 60_000).toISOString());
    // Delivered twice, then overtaken by a stale snapshot: the replica keeps the newest name.
    await harness.publishMessages([rename, rename, snapshot('Stale name', '2026-01-02T00:00:00.000Z')]);
    await eventually(
      async () =>
        (
          await harness.sql.query<Array<{ count: number }>>(
            "SELECT count(*)::int AS count FROM assess.processed_events WHERE consumer_group = 'assess.system-replica'",
          )
        )[0]!.count >= 3,
      15_000,
      'the replica to read the snapshots',
    );
    const id = await submit('ISO_42001', 'AI policy', THIN);
    await awaitAssessment(harness, org.apiKey, id);
    const names = new Set(
      (await readOutbox(harness, 'finding.created'))
        .filter((entry) => entry.record.details['assessment_id'] === id)
        .map((entry) => entry.record.details['system_name']),
    );
    expect([...names]).toEqual([renamed]);
  });
});
