import { splitIntoSections, type DocumentSection, type TextSpan } from './document-sections';
import { splitIntoSentences } from './sentences';
import { splitLines } from './text-lines';

const titles = (content: string): string[] => splitIntoSections(content).map((section) => section.title);

/** Every span must be a verbatim slice of the content, on the line it claims. */
function expectInPlace(content: string, span: TextSpan): void {
  expect(content.slice(span.offset, span.offset + span.text.length)).toBe(span.text);
  expect(content.slice(0, span.offset).split(/\r\n|\r|\n/).length).toBe(span.line);
}

function expectAllInPlace(content: string, sections: DocumentSection[]): void {
  for (const section of sections) {
    if (section.heading) expectInPlace(content, section.heading);
    section.blocks.forEach((block) => expectInPlace(content, block));
  }
}

describe('splitIntoSections', () => {
  it('splits on Markdown ATX headings of every level, dropping the markers', () => {
    const content = '# Model card\nIntro.\n\n## 2. Risk management ##\nRisks.\n\n###### Deep\nText.';
    const sections = splitIntoSections(content);
    expect(sections.map((section) => [section.title, section.level])).toEqual([
      ['Model card', 1],
      ['2. Risk management', 2],
      ['Deep', 6],
    ]);
    expect(sections[1]!.heading).toEqual({ text: '2. Risk management', offset: 24, line: 4 });
    expect(sections[1]!.blocks.map((block) => block.text)).toEqual(['Risks.']);
    expectAllInPlace(content, sections);
  });

  it('does not take #hashtags, or a # inside a fenced code block, for headings', () => {
    const content = '# Real\n#hashtag text\n\n```\n# comment in code\nlog()\n```\nAfter.';
    const sections = splitIntoSections(content);
    expect(sections.map((section) => section.title)).toEqual(['Real']);
    expect(sections[0]!.blocks.map((block) => block.text)).toEqual(['#hashtag text', 'After.']);
  });

  it('recognises setext headings, but not a rule after a paragraph line or on its own', () => {
    const content =
      'Risk management\n===============\nText one.\n\nLogging\n-------\nText two.\n\n---\n\nMore text.';
    expect(titles(content)).toEqual(['Risk management', 'Logging']);
    expect(splitIntoSections(content)[1]!.blocks.map((block) => block.text)).toEqual([
      'Text two.',
      'More text.',
    ]);
  });

  it('recognises numbered headings, but not numbered sentences or ordered list items', () => {
    const content = [
      '1 GENERAL',
      '',
      '1.2 Data governance',
      'Data comes from the claims system.',
      '',
      '2. Human oversight',
      '',
      'Steps:',
      '1. Review the score.',
      '2. Decide',
      '3. Record the decision',
      '',
      '3. We log every request.',
    ].join('\n');
    expect(titles(content)).toEqual(['1 GENERAL', '1.2 Data governance', '2. Human oversight']);
    const lastBlocks = splitIntoSections(content)[2]!.blocks.map((block) => block.text);
    expect(lastBlocks).toEqual([
      'Steps:',
      'Review the score.',
      'Decide',
      'Record the decision',
      'We log every request.',
    ]);
  });

  it('recognises ALL-CAPS lines and whole bold lines as headings, but not acronyms or placeholders', () => {
    const content =
      'RISK MANAGEMENT:\nWe assess risks.\n\n**Human oversight**\nReviewers check.\n\nAI\nTBD\nTODO\n';
    expect(titles(content)).toEqual(['RISK MANAGEMENT', 'Human oversight']);
    expect(splitIntoSections(content)[1]!.blocks.map((block) => block.text)).toEqual([
      'Reviewers check.',
      'AI\nTBD\nTODO',
    ]);
  });

  it('turns text outside any heading into one section per paragraph', () => {
    const content = 'We log requests.\nLogs are kept.\n\nHumans review outputs.\n\n# Later\nBody.';
    const sections = splitIntoSections(content);
    expect(sections.map((section) => [section.title, section.level, section.heading])).toEqual([
      ['Paragraph 1', 0, null],
      ['Paragraph 2', 0, null],
      ['Later', 1, { text: 'Later', offset: 59, line: 6 }],
    ]);
    expect(sections[0]!.blocks.map((block) => block.text)).toEqual(['We log requests.\nLogs are kept.']);
  });

  it('keeps list items and table rows as separate blocks, without their markers', () => {
    const content =
      '## Controls\n- Logs are kept.\n  They are encrypted.\n* [x] Reviewed\n> Quoted policy line.\n\n| Area | Status |\n|---|---|\n| Logging | Done |';
    const blocks = splitIntoSections(content)[0]!.blocks;
    expect(blocks.map((block) => block.text)).toEqual([
      'Logs are kept.\n  They are encrypted.',
      'Reviewed',
      'Quoted policy line.',
      '| Area | Status |',
      '|---|---|',
      '| Logging | Done |',
    ]);
    expectAllInPlace(content, splitIntoSections(content));
  });

  it('skips YAML front matter, but not text between two rules', () => {
    const content = '---\ntitle: Model card\nowner: Claims\n---\n# Model card\nText.';
    expect(titles(content)).toEqual(['Model card']);
    const ruled = '---\n\nWe log requests.\n\n---\n';
    expect(splitIntoSections(ruled).map((section) => section.blocks.map((block) => block.text))).toEqual([
      ['We log requests.'],
    ]);
  });

  it('handles CRLF, lone CR and tabs with correct lines and offsets', () => {
    const content = '#\tOverview\r\nLine one.\r\n\r\n2.1\tLogging\r\nWe log.\rWe keep logs.';
    const sections = splitIntoSections(content);
    expect(sections.map((section) => section.title)).toEqual(['Overview', '2.1\tLogging']);
    expect(sections[1]!.heading!.line).toBe(4);
    expect(sections[1]!.blocks.map((block) => [block.text, block.line])).toEqual([
      ['We log.\rWe keep logs.', 5],
    ]);
    expectAllInPlace(content, sections);
  });

  it('returns no sections for an empty or blank document', () => {
    expect(splitIntoSections('')).toEqual([]);
    expect(splitIntoSections(' \n\t\n')).toEqual([]);
  });
});

describe('splitIntoSentences', () => {
  const sentencesOf = (content: string): TextSpan[] => {
    const lines = splitLines(content);
    return splitIntoSections(content).flatMap((section) =>
      section.blocks.flatMap((block) => splitIntoSentences(block, lines)),
    );
  };

  it('splits on sentence punctuation followed by a capital, across soft-wrapped lines', () => {
    const content = '# S\nWe log every request. Logs are kept\nfor a year! Are they encrypted? Yes.';
    const sentences = sentencesOf(content);
    expect(sentences.map((sentence) => [sentence.text, sentence.line])).toEqual([
      ['We log every request.', 2],
      ['Logs are kept\nfor a year!', 2],
      ['Are they encrypted?', 3],
      ['Yes.', 3],
    ]);
    sentences.forEach((sentence) => expectInPlace(content, sentence));
  });

  it('does not split after abbreviations, initials, decimals or before lowercase text', () => {
    const sentences = sentencesOf(
      '# S\nSome data, e.g. Claims history, is used. See Fig. 2 and the U.S. rules. Version 3.2 is live. It works, i.e. mostly.',
    );
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'Some data, e.g. Claims history, is used.',
      'See Fig. 2 and the U.S. rules.',
      'Version 3.2 is live.',
      'It works, i.e. mostly.',
    ]);
  });

  it('ends a sentence at closing quotes and brackets', () => {
    const sentences = sentencesOf('# S\nThey said “we log everything.” Then (we checked.) Fine.');
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'They said “we log everything.”',
      'Then (we checked.)',
      'Fine.',
    ]);
  });
});
