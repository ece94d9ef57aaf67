import { resolveAssessmentOptions } from './assessment-options';
import { quoteFor } from './control-coverage';
import { readUnits } from './document-units';
import { type AssessmentResult, type ControlResult, type EngineFramework } from './engine.types';
import { compileFramework } from './framework-compiler';
import { assessDocument } from './rule-based.assessor';

const framework: EngineFramework = {
  key: 'F',
  controls: [
    {
      id: 'LOG',
      title: 'Logging',
      severity: 'HIGH',
      evidence_cues: [
        { concept: 'event logging', terms: ['log', 'audit trail'], weight: 2 },
        { concept: 'retention', terms: ['retention', 'retained'] },
        { concept: 'traceability', terms: ['traceability', 'reconstruct'] },
      ],
    },
    {
      id: 'HUM',
      title: 'Human oversight',
      severity: 'CRITICAL',
      evidence_cues: [
        { concept: 'human review', terms: ['human oversight', 'human review', 'human-in-the-loop'] },
        { concept: 'intervention', terms: ['override'] },
      ],
    },
  ],
};
const compiled = compileFramework(framework);

function control(result: AssessmentResult, id: string): ControlResult {
  const found = result.controls.find((candidate) => candidate.control_id === id);
  if (!found) throw new Error(`no result for ${id}`);
  return found;
}

const assess = (content: string, overrides = {}): AssessmentResult =>
  assessDocument({ title: 'doc', content }, compiled, resolveAssessmentOptions(overrides));

describe('control coverage', () => {
  it('weighs concepts: logging alone is half of a 2+1+1 control, and partial', () => {
    const result = control(assess('We log every request.'), 'LOG');
    expect(result).toMatchObject({
      status: 'partial',
      coverage: 0.5,
      matched_concepts: ['event logging'],
      missing_concepts: ['retention', 'traceability'],
    });
  });

  it('is met at three quarters and cites one passage per sentence, in document order', () => {
    const content =
      'Logs are retained for a year.\n\nEvery request is logged. The audit trail is append-only.';
    const result = control(assess(content), 'LOG');
    expect(result.status).toBe('met');
    expect(result.coverage).toBe(0.75);
    expect(
      result.evidence.map((evidence) => [evidence.quote, evidence.concept, evidence.term, evidence.line]),
    ).toEqual([
      ['Logs are retained for a year.', 'event logging', 'log', 1],
      ['Every request is logged.', 'event logging', 'log', 3],
      ['The audit trail is append-only.', 'event logging', 'audit trail', 3],
    ]);
  });

  it('prefers each concept’s first mention over repeated mentions of one concept', () => {
    const content = 'We log A. We log B. We log C. We log D. Logs can reconstruct any decision.';
    const result = control(assess(content, { maxEvidencePerControl: 2 }), 'LOG');
    expect(result.evidence.map((evidence) => evidence.quote)).toEqual([
      'We log A.',
      'Logs can reconstruct any decision.',
    ]);
  });

  it('counts a heading as evidence when its section has content, citing a sentence first when there is one', () => {
    const withBody = control(assess('## Human oversight\nReviewers can override any decision.'), 'HUM');
    expect(withBody.status).toBe('met');
    expect(withBody.evidence.map((evidence) => [evidence.quote, evidence.section, evidence.concept])).toEqual(
      [
        ['Human oversight', 'Human oversight', 'human review'],
        ['Reviewers can override any decision.', 'Human oversight', 'intervention'],
      ],
    );
  });

  it('does not count a heading over a placeholder, or over nothing', () => {
    expect(control(assess('## Human oversight\nTBD.\n\n## Other\nText.'), 'HUM').status).toBe('missing');
    expect(control(assess('## Human oversight\n## Other\nText.'), 'HUM').status).toBe('missing');
  });

  it('counts a heading whose content sits in its sub-sections', () => {
    const result = control(assess('## Human oversight\n### Process\nA weekly sample is checked.'), 'HUM');
    expect(result.matched_concepts).toEqual(['human review']);
  });

  it('does not count a heading when the section beneath denies the same concept', () => {
    const result = control(assess('## Logging\nWe do not currently log model inputs.'), 'LOG');
    expect(result.status).toBe('missing');
    expect(result.evidence).toEqual([]);
    expect(result.counter_evidence).toEqual([
      {
        quote: 'We do not currently log model inputs.',
        section: 'Logging',
        line: 2,
        offset: 11,
        concept: 'event logging',
        term: 'log',
      },
    ]);
  });

  it('shows denials only for concepts that ended up missing', () => {
    const result = control(assess('We do not log prompts. Outputs are logged. Nothing is retained.'), 'LOG');
    expect(result.matched_concepts).toEqual(['event logging']);
    expect(result.counter_evidence.map((evidence) => evidence.quote)).toEqual(['Nothing is retained.']);
  });

  it('matches a phrase across articles and possessives the term leaves out', () => {
    expect(control(assess('Every decision keeps an audit of the trail.'), 'LOG').matched_concepts).toEqual(
      [],
    );
    expect(control(assess('Each decision is recorded in the audit trail.'), 'LOG').matched_concepts).toEqual([
      'event logging',
    ]);
    const withArticle = compileFramework({
      key: 'F',
      controls: [
        {
          id: 'U',
          title: 'Use',
          severity: 'MEDIUM',
          evidence_cues: [{ concept: 'u', terms: ['use of output'] }],
        },
      ],
    });
    const result = assessDocument(
      { title: 'doc', content: 'We describe the use of the output.' },
      withArticle,
    );
    expect(result.controls[0]!.evidence[0]).toMatchObject({
      quote: 'We describe the use of the output.',
      term: 'use of output',
    });
  });

  it('ignores placeholder sentences entirely', () => {
    const result = control(assess('Human oversight: TBD. Override: N/A.'), 'HUM');
    expect(result).toMatchObject({ status: 'missing', evidence: [], counter_evidence: [] });
  });
});

describe('quoteFor', () => {
  it('quotes a short sentence whole', () => {
    const content = '# T\nShort sentence about logs.';
    const unit = readUnits(content)[1]!;
    expect(quoteFor(content, unit, { first: 3, last: 3 }, 300)).toEqual({
      quote: 'Short sentence about logs.',
      offset: 4,
    });
  });

  it('cuts a long sentence around the matched words, at word boundaries, verbatim', () => {
    const filler = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const content = `# T\n${filler} the audit trail ${filler}.`;
    const unit = readUnits(content)[1]!;
    const first = unit.tokens.findIndex((token) => token.norm === 'audit');
    const { quote, offset } = quoteFor(content, unit, { first, last: first + 1 }, 120);
    expect(quote.length).toBeLessThanOrEqual(120);
    expect(quote).toContain('audit trail');
    expect(content.slice(offset, offset + quote.length)).toBe(quote);
    expect(quote).toMatch(/^word\d+ .* word\d+$/);
  });
});

describe('forbidden practices and scope conditions', () => {
  const flagged = compileFramework({
    key: 'F',
    controls: [
      {
        id: 'BAN',
        title: 'No social scoring',
        severity: 'CRITICAL',
        evidence_cues: [
          { concept: 'screening', terms: ['prohibited practices'] },
          { concept: 'social scoring', terms: ['social scoring'], negation_satisfies: true },
        ],
      },
      {
        id: 'BOT',
        title: 'Chatbot disclosure',
        severity: 'HIGH',
        evidence_cues: [
          { concept: 'chatbot', terms: ['chatbot'], scope_condition: true },
          { concept: 'disclosure', terms: ['ai disclosure'] },
        ],
      },
    ],
  });
  const resultOf = (content: string, id: string): ControlResult =>
    control(assessDocument({ title: 'doc', content }, flagged), id);

  it('meets a forbidden practice by its denial, and counts an admission against it', () => {
    const denied = resultOf(
      'We screened for prohibited practices. The system performs no social scoring.',
      'BAN',
    );
    expect(denied).toMatchObject({ status: 'met', counter_evidence: [] });
    expect(denied.evidence.map((evidence) => evidence.concept)).toEqual(['screening', 'social scoring']);

    const admitted = resultOf(
      'We screened for prohibited practices. The system computes social scoring.',
      'BAN',
    );
    expect(admitted).toMatchObject({ status: 'partial', missing_concepts: ['social scoring'] });
    expect(admitted.counter_evidence[0]).toMatchObject({ quote: 'The system computes social scoring.' });
  });

  it('settles a scope condition by a statement either way, but not by an intention', () => {
    expect(resultOf('The system is not a chatbot.', 'BOT').matched_concepts).toEqual(['chatbot']);
    expect(resultOf('The chatbot shows an AI disclosure.', 'BOT').status).toBe('met');
    expect(resultOf('We plan to launch a chatbot.', 'BOT').status).toBe('missing');
  });
});
