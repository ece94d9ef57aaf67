import { evidenceContext } from './evidence-context';

const around = (content: string, quote: string, maxLength?: number) =>
  evidenceContext(content, content.indexOf(quote), quote.length, maxLength);

describe('evidence context', () => {
  it('keeps the rest of the paragraph on both sides, verbatim', () => {
    const content =
      '# Oversight\n\nA person reviews each decision. Appeals go to a panel.\nThe panel meets weekly.';
    const quote = 'Appeals go to a panel.';
    const { context_before, context_after } = around(content, quote);
    expect(context_before).toBe('A person reviews each decision. ');
    expect(context_after).toBe('\nThe panel meets weekly.');
    expect(content).toContain(`${context_before}${quote}${context_after}`);
  });

  it('stops at a blank line, so the next section does not leak in', () => {
    const content = '## Logging\n\nWe keep audit logs.\n\n## Security\n\nKeys rotate.';
    expect(around(content, 'We keep audit logs.')).toEqual({ context_before: '', context_after: '' });
    expect(around(content, '## Security')).toEqual({ context_before: '', context_after: '' });
  });

  it('cuts a long paragraph at word boundaries within the limit', () => {
    const content = `${'alpha beta gamma '.repeat(20)}QUOTE${' delta epsilon zeta'.repeat(20)}`;
    const { context_before, context_after } = around(content, 'QUOTE', 30);
    expect(context_before.length).toBeLessThanOrEqual(30);
    expect(context_after.length).toBeLessThanOrEqual(30);
    expect(context_before).toMatch(/^(alpha|beta|gamma) /);
    expect(context_after).toMatch(/ (delta|epsilon|zeta)$/);
    expect(content).toContain(`${context_before}QUOTE${context_after}`);
  });

  it('gives nothing on a side where one word fills the whole window', () => {
    const content = `${'x'.repeat(50)} QUOTE ${'y'.repeat(50)}`;
    expect(around(content, 'QUOTE', 10)).toEqual({ context_before: '', context_after: '' });
  });

  it('handles a quote at the very start and end of the document', () => {
    expect(around('Only this.', 'Only this.')).toEqual({ context_before: '', context_after: '' });
  });
});
