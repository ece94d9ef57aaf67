import { FRAMEWORKS, type FrameworkKey } from '@governance/frameworks';
import { type AssessedDocument, type AssessmentResult, type ControlResult } from './engine.types';
import { readFixture } from './testing/governance-framework';
import { compileFramework, type CompiledFramework } from './framework-compiler';
import { assessDocument } from './rule-based.assessor';

/**
 * The engine against the frameworks we ship, on documents written the way organisations write them:
 * a governance policy with a system card (NIST AI RMF), a high-risk system's technical documentation
 * (EU AI Act), AI management system documents in four voices (ISO/IEC 42001), a start-up's governance
 * statement, a one-page staff policy and a pilot description that denies most controls.
 */
const compiled = Object.fromEntries(
  Object.values(FRAMEWORKS).map((framework) => [framework.key, compileFramework(framework)]),
) as Record<FrameworkKey, CompiledFramework>;

const nistPolicy = readFixture('nist-governance-policy-and-system-card.md', 'Meridian Mutual AI policy');
const euDocumentation = readFixture('eu-high-risk-technical-documentation.md', 'CreditLens documentation');
const systemCard = readFixture('llm-assistant-system-card.md', 'Lumen Support Assistant system card');
const thin = readFixture('thin-ai-policy.md', 'Acme AI policy');
const negated = readFixture('negated-system-description.md', 'HelpDesk Assistant pilot');
const aimsManual = readFixture('iso-aims-manual.md', 'Talentive AI management system manual');
const clinicalHandbook = readFixture('clinical-ai-governance-handbook.md', 'Northgate clinical AI handbook');
const fintechStandard = readFixture(
  'fintech-responsible-ai-standard.md',
  'Kestrel Pay responsible AI standard',
);
const councilFramework = readFixture('council-ai-framework.md', 'Harrowfield AI framework');
const startupStatement = readFixture(
  'startup-ai-governance-statement.md',
  'Quillsmith AI governance statement',
);

const assess = (document: AssessedDocument, key: FrameworkKey): AssessmentResult =>
  assessDocument(document, compiled[key]);

function controlOf(result: AssessmentResult, id: string): ControlResult {
  const found = result.controls.find((control) => control.control_id === id);
  if (!found) throw new Error(`no result for ${id}`);
  return found;
}

const findingIds = (result: AssessmentResult): string[] =>
  result.controls.filter((control) => control.status !== 'met').map((control) => control.control_id);

function expectEvidenceInPlace(document: AssessedDocument, result: AssessmentResult): void {
  const cited = result.controls.flatMap((control) => [...control.evidence, ...control.counter_evidence]);
  expect(cited.length).toBeGreaterThan(0);
  for (const evidence of cited) {
    expect(document.content.slice(evidence.offset, evidence.offset + evidence.quote.length)).toBe(
      evidence.quote,
    );
    expect(document.content.slice(0, evidence.offset).split(/\r\n|\r|\n/).length).toBe(evidence.line);
  }
}

describe('a governance policy with a system card, against NIST AI RMF', () => {
  const result = assess(nistPolicy, 'NIST_AI_RMF');

  it('passes, with no HIGH control missing', () => {
    expect(result.summary.verdict).toBe('pass');
    expect(result.summary.score).toBeGreaterThanOrEqual(0.9);
    expect(result.controls.filter((control) => control.status === 'missing')).toEqual([]);
  });

  it('cites the policy’s own sentences at their offsets', () => {
    expectEvidenceInPlace(nistPolicy, result);
    const inventory = controlOf(result, 'GOVERN-1.6');
    expect(inventory.status).toBe('met');
    expect(inventory.evidence).toContainEqual(
      expect.objectContaining({
        concept: 'ai inventory',
        quote: expect.stringContaining('A RACI for every system is kept in the AI inventory') as string,
      }),
    );
  });

  it('does not pass the EU AI Act, which it does not address', () => {
    const eu = assess(nistPolicy, 'EU_AI_ACT');
    expect(eu.summary.verdict).toBe('fail');
    // No prohibited-practice screening, no FRIA, no instructions for use.
    expect(findingIds(eu)).toEqual(expect.arrayContaining(['Art.5(1)(f)', 'Art.27(1)', 'Art.13(2)']));
  });
});

describe('technical documentation of a high-risk system, against the EU AI Act', () => {
  const result = assess(euDocumentation, 'EU_AI_ACT');

  it('passes, with no HIGH or CRITICAL control missing', () => {
    expect(result.summary.verdict).toBe('pass');
    expect(result.summary.score).toBeGreaterThanOrEqual(0.85);
    expect(result.controls.filter((control) => control.status === 'missing')).toEqual([]);
    expectEvidenceInPlace(euDocumentation, result);
  });

  it('meets the prohibited-practice controls with the document’s denials', () => {
    for (const control of result.controls.filter((entry) => entry.control_id.startsWith('Art.5(1)'))) {
      expect(control.status).toBe('met');
      expect(control.counter_evidence).toEqual([]);
    }
    const emotion = controlOf(result, 'Art.5(1)(f)');
    expect(emotion.evidence).toContainEqual(
      expect.objectContaining({
        concept: 'emotion recognition',
        quote: expect.stringContaining('CreditLens does not use emotion recognition') as string,
      }),
    );
  });

  it('takes a statement that the system does no biometric identification as scoping, not as compliance', () => {
    // The control is out of scope, yet its other concepts are not evidenced: a partial finding remains,
    // for a reviewer to confirm, rather than a missing HIGH control that fails the document.
    const twoPerson = controlOf(result, 'Art.14(5)');
    expect(twoPerson.status).toBe('partial');
    expect(twoPerson.matched_concepts).toEqual(['biometric identification']);
  });

  it('does not pass NIST AI RMF, whose governance topics it does not cover', () => {
    expect(assess(euDocumentation, 'NIST_AI_RMF').summary.verdict).toBe('fail');
  });
});

describe('a published system card with no governance programme behind it, against NIST AI RMF', () => {
  const result = assess(systemCard, 'NIST_AI_RMF');

  it('meets the measurement and launch controls it evidences', () => {
    for (const id of [
      'MEASURE-2.4',
      'MEASURE-2.7',
      'MEASURE-2.10',
      'MEASURE-2.11',
      'MANAGE-1.1',
      'MANAGE-4.3',
    ]) {
      expect(controlOf(result, id).status).toBe('met');
    }
    expectEvidenceInPlace(systemCard, result);
  });

  it('does not pass, naming the governance it lacks: legal register, risk register, risk policy', () => {
    expect(result.summary.verdict).not.toBe('pass');
    expect(findingIds(result)).toEqual(expect.arrayContaining(['GOVERN-1.1', 'GOVERN-1.4', 'MANAGE-1.2']));
  });
});

describe('an AI management system manual, against ISO/IEC 42001', () => {
  const result = assess(aimsManual, 'ISO_42001');

  it('passes, with every clause and Annex A control met', () => {
    expect(result.summary.verdict).toBe('pass');
    expect(result.summary.score).toBeGreaterThanOrEqual(0.95);
    expect(result.controls.filter((control) => control.status !== 'met')).toEqual([]);
    expectEvidenceInPlace(aimsManual, result);
  });

  it('cites the manual’s own audit, statement of applicability and impact assessment sentences', () => {
    expect(controlOf(result, '9.2').evidence).toContainEqual(
      expect.objectContaining({
        concept: 'auditor independence',
        quote: expect.stringContaining('so that audits stay objective and impartial') as string,
      }),
    );
    expect(controlOf(result, '6.1.3').evidence).toContainEqual(
      expect.objectContaining({
        concept: 'statement of applicability',
        quote: expect.stringContaining('Controls come from Annex A of ISO/IEC 42001') as string,
      }),
    );
    expect(controlOf(result, '6.1.4').evidence).toContainEqual(
      expect.objectContaining({
        concept: 'affected parties',
        quote: expect.stringContaining('for the people and groups it\naffects') as string,
      }),
    );
  });

  it('does not pass the EU AI Act, whose prohibited practices it never screens', () => {
    const eu = assess(aimsManual, 'EU_AI_ACT');
    expect(eu.summary.verdict).toBe('fail');
    expect(findingIds(eu)).toEqual(expect.arrayContaining(['Art.5(1)(f)', 'Art.27(1)']));
  });
});

describe('AI management system documents in an organisation’s own words, against ISO/IEC 42001', () => {
  it.each([
    ['a hospital group’s clinical AI handbook', clinicalHandbook],
    ['a payments firm’s responsible AI standard', fintechStandard],
  ])('passes %s, with no control missing', (_label, document) => {
    const result = assess(document, 'ISO_42001');
    expect(result.summary.verdict).toBe('pass');
    expect(result.summary.score).toBeGreaterThanOrEqual(0.85);
    expect(result.controls.filter((control) => control.status === 'missing')).toEqual([]);
    expectEvidenceInPlace(document, result);
  });

  it('reads plain wording as the clauses it means: an executive sponsor, who could be harmed, a leadership review', () => {
    const result = assess(clinicalHandbook, 'ISO_42001');
    expect(controlOf(result, '5.1').matched_concepts).toEqual(['top management', 'commitment']);
    expect(controlOf(result, '6.1.4').evidence).toContainEqual(
      expect.objectContaining({ concept: 'affected parties', term: 'could be harmed' }),
    );
    expect(controlOf(result, '9.3').evidence).toContainEqual(
      expect.objectContaining({
        concept: 'management review',
        quote: expect.stringContaining('holds a leadership review of the programme') as string,
      }),
    );
  });

  it('counts a review "considering audit results" as a review, not as an intention', () => {
    const review = controlOf(assess(fintechStandard, 'ISO_42001'), '9.3');
    expect(review.status).toBe('met');
    expect(review.counter_evidence).toEqual([]);
  });

  it('does not pass a council framework in plain language, naming the Annex A topics it leaves out', () => {
    const result = assess(councilFramework, 'ISO_42001');
    expect(result.summary.verdict).toBe('conditional');
    expect(result.summary.unmet_by_severity.CRITICAL).toBe(0);
    // Compute and hosting, responsible-use objectives and customer expectations are not described.
    expect(
      result.controls.filter((control) => control.status === 'missing').map((control) => control.control_id),
    ).toEqual(['A.4.5', 'A.9.3', 'A.10.4']);
  });
});

describe('documents written for another framework, against ISO/IEC 42001', () => {
  it('does not pass the NIST governance policy, which has no management review', () => {
    const result = assess(nistPolicy, 'ISO_42001');
    expect(result.summary.verdict).not.toBe('pass');
    expect(controlOf(result, '9.3').status).toBe('missing');
  });

  it('fails the EU technical documentation, which has no management system behind it', () => {
    const result = assess(euDocumentation, 'ISO_42001');
    expect(result.summary.verdict).toBe('fail');
    expect(findingIds(result)).toEqual(expect.arrayContaining(['5.2', '9.2', '9.3', '10.2']));
  });
});

describe('a start-up’s AI governance statement, against ISO/IEC 42001', () => {
  const result = assess(startupStatement, 'ISO_42001');

  it('fails, naming the management system it lacks: audit, review, impact assessment, treatment', () => {
    expect(result.summary.verdict).toBe('fail');
    expect(result.summary.score).toBeLessThan(0.2);
    for (const id of ['9.2', '9.3', '6.1.4', '8.4', '6.1.3', '10.2', 'A.5.2']) {
      expect([id, controlOf(result, id).status]).toEqual([id, 'missing']);
    }
  });

  it('takes a risk assessment planned for next year as missing, quoting the plan', () => {
    const assessment = controlOf(result, '6.1.2');
    expect(assessment.status).toBe('missing');
    expect(assessment.counter_evidence.map((evidence) => evidence.quote)).toContainEqual(
      expect.stringContaining('A formal risk\nassessment process is planned for next year.'),
    );
    expectEvidenceInPlace(startupStatement, result);
  });
});

describe('a thin staff policy', () => {
  it.each(Object.keys(compiled) as FrameworkKey[])('fails against %s', (key) => {
    const result = assess(thin, key);
    expect(result.summary.verdict).toBe('fail');
    expect(result.summary.score).toBeLessThan(0.2);
  });

  it('names the measurement and governance controls it lacks', () => {
    const result = assess(thin, 'NIST_AI_RMF');
    expect(findingIds(result)).toEqual(
      expect.arrayContaining(['GOVERN-1.1', 'GOVERN-1.4', 'GOVERN-1.6', 'MEASURE-2.5', 'MEASURE-2.11']),
    );
    // "Risk management: TBD" is a placeholder, not a risk process.
    expect(controlOf(result, 'GOVERN-1.4').status).toBe('missing');
  });

  it('names the ISO/IEC 42001 management system controls it lacks', () => {
    const result = assess(thin, 'ISO_42001');
    for (const id of ['6.1.2', '6.1.4', '9.2', '9.3', '10.2']) {
      expect([id, controlOf(result, id).status]).toEqual([id, 'missing']);
    }
  });

  it('fails the EU AI Act on the prohibited practices it never screens', () => {
    const result = assess(thin, 'EU_AI_ACT');
    expect(result.summary.unmet_by_severity.CRITICAL).toBe(8);
    expect(findingIds(result)).toEqual(expect.arrayContaining(['Art.9(1)', 'Art.12(1)', 'Art.14(1)']));
  });
});

describe('a system description that denies most controls', () => {
  it.each(Object.keys(compiled) as FrameworkKey[])('fails against %s', (key) => {
    expect(assess(negated, key).summary.verdict).toBe('fail');
  });

  it('reports logging and human oversight missing, quoting the denials', () => {
    const result = assess(negated, 'EU_AI_ACT');
    const logging = controlOf(result, 'Art.12(1)');
    const oversight = controlOf(result, 'Art.14(1)');
    expect(logging.status).toBe('missing');
    expect(oversight.status).toBe('missing');
    expect(logging.counter_evidence.map((evidence) => evidence.quote)).toContainEqual(
      expect.stringContaining('We do not currently log model inputs or outputs'),
    );
    expect(oversight.counter_evidence.map((evidence) => evidence.quote)).toContainEqual(
      expect.stringContaining('No human review is performed'),
    );
    expectEvidenceInPlace(negated, result);
  });

  it('names the NIST measurement gaps it admits', () => {
    const result = assess(negated, 'NIST_AI_RMF');
    expect(findingIds(result)).toEqual(
      expect.arrayContaining(['GOVERN-1.4', 'MAP-3.5', 'MEASURE-2.5', 'MEASURE-2.11', 'MANAGE-4.1']),
    );
  });
});

describe('prohibited practices', () => {
  const practice = (content: string): ControlResult =>
    controlOf(assess({ title: 'note', content }, 'EU_AI_ACT'), 'Art.5(1)(f)');

  it.each([
    'We screened the system against the prohibited practices of Article 5. It does not use emotion recognition.',
    'We screened the system against the prohibited practices of Article 5. Our policy prohibits emotion recognition of staff.',
  ])('counts a denial or a ban as evidence: %s', (content) => {
    expect(practice(content).matched_concepts).toContain('emotion recognition');
  });

  it.each([
    'We screened the system against the prohibited practices of Article 5. We use emotion recognition on call-centre staff.',
    'We screened the system against the prohibited practices of Article 5. We plan to add emotion recognition for agents.',
  ])('counts doing it, or planning to, against the control: %s', (content) => {
    const control = practice(content);
    expect(control.missing_concepts).toContain('emotion recognition');
    expect(control.counter_evidence.map((evidence) => evidence.concept)).toContain('emotion recognition');
  });

  it('does not read a heading that names the practice as a denial', () => {
    expect(practice('## Emotion recognition\n\nSee the appendix.').missing_concepts).toContain(
      'emotion recognition',
    );
  });
});
