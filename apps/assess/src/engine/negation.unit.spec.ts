import { isDenial, isPlaceholder, isQuestion, type Polarity, polarityOf } from './negation';
import { tokenize } from './text-normaliser';

/** Tokens of `sentence` and where `term` first occurs in them. */
function locate(sentence: string, term: string): [ReturnType<typeof tokenize>, number, number] {
  const tokens = tokenize(sentence);
  const wanted = tokenize(term).map((token) => token.stem);
  const first = tokens.findIndex((_, index) =>
    wanted.every((stem, offset) => tokens[index + offset]?.stem === stem),
  );
  if (first < 0) throw new Error(`"${term}" does not occur in "${sentence}"`);
  return [tokens, first, first + wanted.length - 1];
}

/** Whether `term` is negated where it first occurs in `sentence`. */
const negated = (sentence: string, term: string): boolean => isDenial(polarityOf(...locate(sentence, term)));

describe('isNegated', () => {
  it.each([
    ['We do not keep logs.', 'log'],
    ['We do not currently log model inputs or outputs.', 'log'],
    ['We don’t retain prompts.', 'retain'],
    ['We dont retain prompts.', 'retain'],
    ['No human oversight is performed.', 'human oversight'],
    ['The model was deployed without a risk assessment.', 'risk assessment'],
    ['There is no documented risk assessment for the pilot.', 'risk assessment'],
    ['Human oversight is not documented.', 'human oversight'],
    ['The risk assessment has not been evaluated.', 'risk assessment'],
    ['The model accuracy has never been measured.', 'accuracy'],
    ['Human oversight: none.', 'human oversight'],
    ['Human oversight: not in place yet.', 'human oversight'],
    ['Neither logging nor monitoring is in place.', 'monitor'],
    ['Logging and monitoring are not performed.', 'log'],
    ['The provider cannot override a decision.', 'override'],
    ['The pilot lacks a risk register.', 'risk register'],
    ['Drift isn’t tracked.', 'drift'],
    ['There are no logs and no human review.', 'human review'],
    ['Logging – not implemented.', 'log'],
    ['We plan to introduce human review next quarter.', 'human review'],
    ['A planned audit trail will record reviewer decisions.', 'audit trail'],
    ['Future releases will add drift detection.', 'drift'],
    ['We are considering drift monitoring for the next release.', 'drift'],
    ['The team is currently considering an internal audit.', 'internal audit'],
    ['A formal risk assessment process is planned for next year.', 'risk assessment'],
    ['An internal audit is planned for Q3.', 'internal audit'],
    ['A management review is planned for the future.', 'management review'],
    ['It does not use subliminal, manipulative or deceptive techniques.', 'deceptive techniques'],
  ])('"%s" denies "%s"', (sentence, term) => {
    expect(negated(sentence, term)).toBe(true);
  });

  it.each([
    ['All requests are logged.', 'log'],
    ['Logs are never deleted before the retention period ends.', 'log'],
    ['No human review is ever skipped.', 'human review'],
    ['It is not possible to disable logging.', 'log'],
    ['We do not delete logs.', 'log'],
    ['No exceptions, all requests are logged.', 'log'],
    ['The tool is not used in production, but logs are kept for a year.', 'log'],
    ['We log all requests and do not share them.', 'log'],
    ['We keep logs that are not shared outside the team.', 'log'],
    ['Logs are kept; no personal data is stored in them.', 'log'],
    ['Not only inputs but also outputs are logged.', 'log'],
    ['This includes, but is not limited to, access logs.', 'access log'],
    ['Incidents are reported no later than 15 days after discovery.', 'incident'],
    ['Human review is performed if the model is not confident.', 'human review'],
    ['Without exception, every decision gets human review.', 'human review'],
    ['We have no plans to change it; human review stays mandatory.', 'human review'],
    ['We log requests – not screenshots.', 'log'],
    ['The plan is that every output gets human review.', 'human review'],
    ['Logs will be retained for seven years.', 'log'],
    ['No claim decision is made without human review.', 'human review'],
    ['Outputs are never released without human review.', 'human review'],
    ['The model cannot be deployed without a risk assessment.', 'risk assessment'],
    // A colon later in a sentence opens a new statement; only a leading label's status follows one.
    ['Measures match the level of autonomy: the system never decides alone.', 'level of autonomy'],
    ['We do not sell customer data, and logs are kept for a year.', 'log'],
    ['We do not sell customer data, so logs or backups stay with us.', 'log'],
    // A participle "considering" names what is taken into account, not an intention.
    ['The board reviews the system twice a year, considering audit results and incidents.', 'audit result'],
    ['Considering the audit results, the board approved the plan.', 'audit result'],
    // A plan with a cadence schedules the thing; only a plan dated in the future defers it.
    ['Risk reviews are planned for every release.', 'risk review'],
    ['Risk assessments are repeated at planned intervals.', 'risk assessment'],
  ])('"%s" affirms "%s"', (sentence, term) => {
    expect(negated(sentence, term)).toBe(false);
  });

  it('looks only a few tokens back, so a distant negation does not reach the term', () => {
    expect(negated('We do not sell customer data to any third party and we keep logs.', 'log')).toBe(false);
    expect(negated('We have not yet finished the risk assessment.', 'risk assessment')).toBe(true);
  });
});

describe('polarityOf', () => {
  it.each<[string, string, Polarity]>([
    ['We use emotion recognition on agents.', 'emotion recognition', 'affirmed'],
    ['We do not use emotion recognition.', 'emotion recognition', 'denied'],
    ['No emotion recognition is used in the workplace.', 'emotion recognition', 'denied'],
    ['We plan to add emotion recognition.', 'emotion recognition', 'deferred'],
    ['Our policy prohibits emotion recognition of staff.', 'emotion recognition', 'prohibited'],
    ['Social scoring is banned by the code of conduct.', 'social scoring', 'prohibited'],
    ['Staff must never use social scoring.', 'social scoring', 'denied'],
    // A ban on deleting them keeps the logs: the removal verb still makes a double negative.
    ['Deleting logs is prohibited.', 'log', 'prohibited'],
  ])('"%s" → %s is %s', (sentence, term, polarity) => {
    expect(polarityOf(...locate(sentence, term))).toBe(polarity);
  });

  it('keeps a prohibition from reaching across a clause', () => {
    expect(
      polarityOf(
        ...locate('Scraping is prohibited, but emotion recognition is used.', 'emotion recognition'),
      ),
    ).toBe('affirmed');
  });
});

describe('isPlaceholder', () => {
  it.each([
    'TBD.',
    'Human oversight: TBD',
    'Incident handling: to be defined.',
    'N/A – deterministic solver.',
    'Not applicable.',
    'TODO: write this',
    'Monitoring plan: to be determined',
  ])('"%s" is a placeholder', (sentence) => expect(isPlaceholder(sentence)).toBe(true));

  it.each([
    'All requests are logged.',
    'The applicability of the AI Act was assessed.',
    'Data is anonymised.',
  ])('"%s" is content', (sentence) => expect(isPlaceholder(sentence)).toBe(false));
});

describe('isQuestion', () => {
  it('recognises a question, also inside closing quotes or brackets', () => {
    expect(isQuestion('Do you log model inputs?')).toBe(true);
    expect(isQuestion('(Is there human oversight?)')).toBe(true);
    expect(isQuestion('We log inputs. Why? Audits.')).toBe(false);
  });
});
