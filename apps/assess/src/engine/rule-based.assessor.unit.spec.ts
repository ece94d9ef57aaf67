import { type AssessedDocument, type AssessmentResult, type ControlResult } from './engine.types';
import { governanceFramework, readFixture } from './testing/governance-framework';
import { compileFramework } from './framework-compiler';
import { resolveAssessmentOptions } from './assessment-options';
import { assessDocument } from './rule-based.assessor';

const compiled = compileFramework(governanceFramework);

const strong = readFixture('strong-model-card.md', 'ClaimSense model card');
const thin = readFixture('thin-ai-policy.md', 'Acme AI policy');
const negated = readFixture('negated-system-description.md', 'HelpDesk Assistant pilot');
const questionnaire = readFixture('vendor-questionnaire.txt', 'RouteGenie due diligence');

const statuses = (result: AssessmentResult): Record<string, string> =>
  Object.fromEntries(result.controls.map((control) => [control.control_id, control.status]));

function controlOf(result: AssessmentResult, id: string): ControlResult {
  const found = result.controls.find((control) => control.control_id === id);
  if (!found) throw new Error(`no result for ${id}`);
  return found;
}

/** Each quote must be a verbatim slice of the content at its offset, starting on the line it names. */
function expectEvidenceInPlace(document: AssessedDocument, result: AssessmentResult): void {
  const cited = result.controls.flatMap((control) => [...control.evidence, ...control.counter_evidence]);
  for (const evidence of cited) {
    expect(document.content.slice(evidence.offset, evidence.offset + evidence.quote.length)).toBe(
      evidence.quote,
    );
    expect(document.content.slice(0, evidence.offset).split(/\r\n|\r|\n/).length).toBe(evidence.line);
    expect(evidence.quote.length).toBeLessThanOrEqual(300);
  }
}

describe('assessDocument on realistic documents', () => {
  it('passes a thorough model card, with every control met and cited', () => {
    const result = assessDocument(strong, compiled);
    expect(result.summary).toMatchObject({ verdict: 'pass', score: 1, findings_count: 0 });
    expect(Object.values(statuses(result))).toEqual(Array(10).fill('met'));
    for (const control of result.controls) expect(control.evidence.length).toBeGreaterThan(0);
    expectEvidenceInPlace(strong, result);
  });

  it('cites the model card’s own words, with section and line', () => {
    const logging = controlOf(assessDocument(strong, compiled), 'RK-1');
    expect(logging.evidence).toContainEqual(
      expect.objectContaining({
        quote: 'Logs are retained for seven years in line with the claims file retention schedule.',
        section: '4. Record-keeping and logging',
        line: 53,
        concept: 'log retention',
      }),
    );
    const oversight = controlOf(assessDocument(strong, compiled), 'HO-1');
    expect(oversight.evidence[0]).toMatchObject({
      term: 'human-in-the-loop',
      section: '5. Human oversight',
      line: 58,
    });
  });

  it('fails a one-page AI policy that names few controls, with every control a finding', () => {
    const result = assessDocument(thin, compiled);
    expect(result.summary).toMatchObject({
      verdict: 'fail',
      score: 0,
      counts: { met: 0, partial: 0, missing: 10 },
      findings_count: 10,
      high_findings: 7,
      medium_findings: 2,
    });
    // "## Risk management" over "TBD." is a heading without content, so it is no evidence.
    expect(controlOf(result, 'RM-1').evidence).toEqual([]);
  });

  it('marks the controls a document denies as missing, and names them in the findings', () => {
    const result = assessDocument(negated, compiled);
    expect(result.summary.verdict).toBe('fail');
    expect(statuses(result)).toMatchObject({
      'RM-1': 'missing',
      'RK-1': 'missing',
      'HO-1': 'missing',
      'AR-1': 'missing',
    });
    const findings = result.controls
      .filter((control) => control.status !== 'met')
      .map((control) => [control.control_id, control.severity, control.status]);
    expect(findings).toEqual(
      expect.arrayContaining([
        ['RM-1', 'CRITICAL', 'missing'],
        ['RK-1', 'HIGH', 'missing'],
        ['HO-1', 'CRITICAL', 'missing'],
        ['AR-1', 'HIGH', 'missing'],
      ]),
    );
    expectEvidenceInPlace(negated, result);
  });

  it('explains a denied control with the sentences that deny it', () => {
    const result = assessDocument(negated, compiled);
    expect(controlOf(result, 'RK-1').counter_evidence.map((evidence) => evidence.quote)).toEqual([
      'We do not currently log model inputs or outputs.',
      'Ticket comments are kept in the ticketing tool,\nbut no retention rule has been defined for the pilot.',
    ]);
    expect(controlOf(result, 'HO-1').counter_evidence[0]).toMatchObject({
      quote: 'No human review is performed before a draft is posted.',
      section: 'Oversight',
      line: 24,
      concept: 'human review',
    });
  });

  it('keeps what the negated document does affirm: disclosure, encryption, data sources', () => {
    const result = assessDocument(negated, compiled);
    expect(controlOf(result, 'TR-1').matched_concepts).toEqual(['AI interaction disclosure']);
    expect(controlOf(result, 'CS-1').matched_concepts).toEqual(['encryption']);
    expect(controlOf(result, 'DG-1')).toMatchObject({
      status: 'partial',
      matched_concepts: ['data provenance'],
    });
    // "Incident handling: to be defined." and "Monitoring plan: N/A" are placeholders, not evidence.
    expect(statuses(result)).toMatchObject({ 'IR-1': 'missing', 'PM-1': 'missing' });
  });

  it('rates a plain-text questionnaire with ALL-CAPS and numbered headings as conditional', () => {
    const result = assessDocument(questionnaire, compiled);
    expect(result.summary).toMatchObject({
      verdict: 'conditional',
      counts: { met: 3, partial: 5, missing: 2 },
    });
    expect(statuses(result)).toMatchObject({
      'RM-1': 'met',
      'HO-1': 'met',
      'AR-1': 'missing',
      'TR-1': 'missing',
    });
    // "4.2 Accuracy and robustness testing" over "N/A" is not evidence for AR-1.
    expect(controlOf(result, 'AR-1').evidence).toEqual([]);
    expect(controlOf(result, 'RK-1').evidence.map((evidence) => [evidence.section, evidence.quote])).toEqual([
      ['4.1 Logging', '4.1 Logging'],
      ['4.1 Logging', 'Request logs are kept for 30 days.'],
    ]);
    expectEvidenceInPlace(questionnaire, result);
  });

  it('takes neither a question nor an intention for evidence', () => {
    const result = assessDocument(questionnaire, compiled);
    // "Can a route decision be reconstructed after the fact?" asks; it does not claim traceability.
    expect(controlOf(result, 'RK-1').missing_concepts).toEqual(['traceability']);
    expect(controlOf(result, 'TR-1').counter_evidence).toEqual([
      expect.objectContaining({
        quote: 'We plan to publish a user guide for planners in 2027.',
        section: '1.1 Description of the AI system',
        line: 10,
      }),
    ]);
  });

  it('names paragraphs as sections in a document without headings', () => {
    const plain: AssessedDocument = {
      title: 'Email from the vendor',
      content:
        'Hello,\n\nWe keep an audit trail of every decision for two years.\nLogs are retained in the EU.\n',
    };
    const logging = controlOf(assessDocument(plain, compiled), 'RK-1');
    expect(logging.evidence.map((evidence) => [evidence.section, evidence.line])).toEqual([
      ['Paragraph 2', 3],
      ['Paragraph 2', 4],
    ]);
  });

  it('reads a CRLF copy of a document the same way, with offsets into the CRLF text', () => {
    const crlf: AssessedDocument = {
      ...questionnaire,
      content: questionnaire.content.replace(/\n/g, '\r\n'),
    };
    const lf = assessDocument(questionnaire, compiled);
    const result = assessDocument(crlf, compiled);
    expect(result.summary).toEqual(lf.summary);
    expect(result.controls.map((control) => control.evidence.map((evidence) => evidence.line))).toEqual(
      lf.controls.map((control) => control.evidence.map((evidence) => evidence.line)),
    );
    expectEvidenceInPlace(crlf, result);
  });

  it('is deterministic: the same input gives the same output, with a fresh or a reused compilation', () => {
    const first = assessDocument(strong, compiled);
    const again = assessDocument(strong, compileFramework(governanceFramework));
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    expect(JSON.stringify(assessDocument(strong, compiled))).toBe(JSON.stringify(first));
  });

  it('assesses an empty document as all missing', () => {
    const result = assessDocument({ title: 'empty', content: '' }, compiled);
    expect(result.summary).toMatchObject({ verdict: 'fail', score: 0, findings_count: 10 });
  });
});

describe('assessDocument with options', () => {
  it('applies configured thresholds', () => {
    // The questionnaire scores 0.5744: conditional by default, a fail when the bar is raised to 0.6.
    const strict = resolveAssessmentOptions({ failBelow: 0.6, passAt: 0.9 });
    expect(assessDocument(questionnaire, compiled)).toMatchObject({
      summary: { score: 0.5744, verdict: 'conditional' },
    });
    expect(assessDocument(questionnaire, compiled, strict)).toMatchObject({ summary: { verdict: 'fail' } });
  });
});
