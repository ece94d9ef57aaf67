import { normaliseWord, stem, tokenize } from './text-normaliser';

const stems = (text: string): string[] => tokenize(text).map((token) => token.stem);

describe('stem', () => {
  it.each([
    [['log', 'logs', 'logging', 'logged'], 'log'],
    [['monitor', 'monitors', 'monitoring', 'monitored'], 'monitor'],
    [['assess', 'assessed', 'assessment', 'assessments'], 'assess'],
    [['policy', 'policies'], 'policy'],
    [['bias', 'biases', 'biased'], 'bias'],
    [['evaluate', 'evaluated', 'evaluation', 'evaluations'], 'evalu'],
    [['organisation', 'organization', 'organised', 'organized'], 'organiz'],
    [['document', 'documents', 'documented', 'documentation'], 'document'],
    [['control', 'controls', 'controlled', 'controlling'], 'control'],
    [['transparent', 'transparency'], 'transparent'],
    [['accurate', 'accuracy'], 'accur'],
    [['process', 'processes', 'processed', 'processing'], 'process'],
    [['store', 'stores', 'stored', 'storing'], 'stor'],
    [['mitigate', 'mitigated', 'mitigation', 'mitigations'], 'mitig'],
    [['retain', 'retained', 'retains'], 'retain'],
    [['test', 'tests', 'tested', 'testing'], 'test'],
  ])('folds %j onto one stem', (words, expected) => {
    expect(words.map(stem)).toEqual(words.map(() => expected));
  });

  it('keeps short words, numbers and words that only look inflected', () => {
    expect(['log', 'ai', 'f1', '2025', 'status', 'analysis', 'access', 'string', 'need'].map(stem)).toEqual([
      'log',
      'ai',
      'f1',
      '2025',
      'status',
      'analysis',
      'access',
      'string',
      'need',
    ]);
  });

  it('drops possessives and apostrophes', () => {
    expect(stem("customer's")).toBe('customer');
    expect(stem("don't")).toBe('dont');
  });
});

describe('normaliseWord', () => {
  it('lowercases, strips accents and straightens curly apostrophes', () => {
    expect(normaliseWord('Naïve')).toBe('naive');
    expect(normaliseWord('RÉSUMÉ')).toBe('resume');
    expect(normaliseWord('don’t')).toBe("don't");
    expect(normaliseWord('ﬁle')).toBe('file');
  });
});

describe('tokenize', () => {
  it('treats hyphens and spaces alike, so hyphenated terms match spaced text', () => {
    expect(stems('human-in-the-loop')).toEqual(stems('Human in the loop'));
    expect(stems('record-keeping')).toEqual(['record', 'keep']);
  });

  it('keeps contractions, curly or straight, as one negatable word', () => {
    expect(tokenize('We don’t log it').map((token) => token.norm)).toEqual(['we', "don't", 'log', 'it']);
  });

  it('reports offsets into the content, shifted by the base offset', () => {
    const text = 'Résumé\tlogs';
    const tokens = tokenize(text, 100);
    expect(tokens.map((token) => [token.start, token.end])).toEqual([
      [100, 106],
      [107, 111],
    ]);
  });

  it('classifies what separates tokens: a phrase spans spaces and hyphens, not clauses, colons or dashes', () => {
    const gaps = tokenize('audit-trail kept, logs: none; (x) a - b / c\nd').map((token) => token.gapBefore);
    expect(gaps).toEqual([
      'space', // audit
      'space', // trail
      'space', // kept
      'comma', // logs
      'label', // none
      'clause', // x
      'clause', // a
      'dash', // b
      'space', // c
      'space', // d
    ]);
  });

  it('returns nothing for text without words', () => {
    expect(tokenize(' -- | ... ')).toEqual([]);
  });
});
