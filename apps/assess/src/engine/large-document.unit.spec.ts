import { type AssessmentResult, type EngineControl } from './engine.types';
import { compileFramework } from './framework-compiler';
import { assessDocument } from './rule-based.assessor';

const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'INFO'] as const;

/**
 * About 200 pages: chapters on 150 recurring topics, each with prose, a list and a table. The first
 * chapter of one topic in ten denies it instead. Chapters on topic n evidence control n's first two
 * concepts, never its third.
 */
function generateDocument(chapters: number): string {
  const parts: string[] = ['# Annual AI governance report', ''];
  for (let chapter = 0; chapter < chapters; chapter += 1) {
    const topic = `topic${chapter % 150}`;
    parts.push(`## ${chapter + 1}. Chapter on ${topic}`, '');
    if (chapter < 150 && chapter % 10 === 9) {
      parts.push(
        `We do not maintain a ${topic} register for this unit, and no ${topic} review takes place.`,
        '',
      );
    } else {
      parts.push(
        `The ${topic} register lists every system in scope. It is maintained by the governance office and`,
        `reviewed by the board, e.g. after each significant change. Owners confirm entries quarterly.`,
        '',
        `- The ${topic} review covers accuracy, robustness and fairness.`,
        '- Findings are tracked to closure in the issue tracker.',
        '',
        '| Item | Owner | Frequency |',
        '|------|-------|-----------|',
        `| ${topic} register | Governance office | Quarterly |`,
        '',
      );
    }
    parts.push(
      'Filler prose describes the organisation, its processes, its committees and its suppliers in the',
      'detail a real report would, so that the document reaches its realistic length without adding terms.',
      'Every paragraph of this kind is written to be neutral: it mentions nothing any control asks for.',
      '',
    );
  }
  return parts.join('\n');
}

const controls: EngineControl[] = Array.from({ length: 150 }, (_, index) => ({
  id: `C-${String(index).padStart(3, '0')}`,
  title: `Control ${index}`,
  severity: SEVERITIES[index % 4]!,
  evidence_cues: [
    { concept: 'register', terms: [`topic${index} register`, `topic${index} inventory`] },
    { concept: 'review', terms: [`topic${index} review`, `topic${index} audit`] },
    { concept: 'never written', terms: [`topic${index} certificate`] },
  ],
}));

describe('a 200-page document against 150 controls', () => {
  const content = generateDocument(700);
  let result: AssessmentResult;
  /** 1-based line of each character offset, computed once rather than per citation. */
  const lineOfOffset = new Uint32Array(content.length + 1);

  beforeAll(() => {
    result = assessDocument(
      { title: 'Annual report', content },
      compileFramework({ key: 'LARGE', controls }),
    );
    let line = 1;
    for (let offset = 0; offset <= content.length; offset += 1) {
      lineOfOffset[offset] = line;
      if (content[offset] === '\n') line += 1;
    }
  });

  it('is the size of a long report', () => {
    expect(content.length).toBeGreaterThan(450_000);
  });

  it('finds every control’s register and review, never the concept no chapter mentions', () => {
    expect(result.controls).toHaveLength(150);
    for (const control of result.controls) {
      expect(control).toMatchObject({
        status: 'partial',
        coverage: 0.6667,
        matched_concepts: ['register', 'review'],
        missing_concepts: ['never written'],
      });
    }
    expect(result.summary).toMatchObject({ score: 0.6667, verdict: 'conditional', findings_count: 150 });
  });

  it('cites at most three verbatim passages per control, in document order, from the right chapters', () => {
    for (const [index, control] of result.controls.entries()) {
      expect(control.evidence.length).toBe(3);
      const offsets = control.evidence.map((evidence) => evidence.offset);
      expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
      for (const evidence of control.evidence) {
        expect(content.slice(evidence.offset, evidence.offset + evidence.quote.length)).toBe(evidence.quote);
        expect(lineOfOffset[evidence.offset]).toBe(evidence.line);
        expect(evidence.quote.toLowerCase()).toContain(`topic${index} `);
        expect(evidence.section).toMatch(new RegExp(`Chapter on topic${index}$`));
      }
    }
  });

  it('leaves the denying chapters out of the evidence and shows none as counter-evidence of found concepts', () => {
    // Control 9's first chapter (the tenth) denies it; its evidence comes from chapter 160 onwards.
    const ninth = result.controls[9]!;
    expect(ninth.evidence.every((evidence) => !evidence.quote.includes('do not'))).toBe(true);
    expect(ninth.evidence[0]!.section).toBe('160. Chapter on topic9');
    expect(ninth.counter_evidence).toEqual([]);
  });
});
