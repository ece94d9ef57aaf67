import { formatBytes, healthSummary, percent, prettyJson } from './webhook-health';
import { type WebhookHealth } from './webhook-types';

const health = (over: Partial<WebhookHealth>): WebhookHealth => ({
  status: 'idle',
  attempts: 0,
  succeeded: 0,
  success_rate: null,
  last_attempt_at: null,
  last_success_at: null,
  window_seconds: 86_400,
  max_attempts: 100,
  ...over,
});

describe('webhook health wording', () => {
  it('says how many attempts succeeded in the window, and when there were none', () => {
    expect(healthSummary(health({}))).toBe('No attempt in the last 24 h.');
    expect(healthSummary(health({ attempts: 12, succeeded: 0, status: 'failing' }))).toBe(
      '0 of 12 attempts in the last 24 h succeeded.',
    );
    expect(healthSummary(health({ attempts: 100, succeeded: 97 }))).toBe(
      '97 of the latest 100 attempts in the last 24 h succeeded.',
    );
    expect(healthSummary(health({ attempts: 1, succeeded: 1, window_seconds: 7200 }))).toBe(
      '1 of 1 attempt in the last 2 h succeeded.',
    );
  });

  it('rounds a rate to a whole percent', () => {
    expect(percent(0.667)).toBe('67 %');
    expect(percent(1)).toBe('100 %');
  });
});

describe('bodies as people read them', () => {
  it('indents JSON and leaves anything else as it came', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('{"cut": "in the mid')).toBe('{"cut": "in the mid');
    expect(formatBytes(4096)).toBe('4 KiB');
  });
});
