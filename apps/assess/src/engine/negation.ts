import { stem, type Token, words } from './text-normaliser';

/**
 * Rules, not a parser: a negator or an intention within PRE_WINDOW tokens before the term, or a verbal
 * negation within POST_WINDOW after it, counts only inside the term's clause.
 */
const PRE_WINDOW = 5;
const POST_WINDOW = 5;

const NEGATORS = words(
  'no not never none nor neither without cannot nobody nothing lack lacks lacking absence absent',
  // Contractions typed without the apostrophe.
  'dont doesnt didnt isnt arent wasnt werent wont cant hasnt havent hadnt',
);

/** Words that put what follows in the future: on their own, or before "to" ("we plan to log"). */
const DEFERRALS = new Set(['planned', 'roadmap', 'future', 'eventually']);
const DEFERRING_VERBS = words('plan plans planning intend intends aim aims hope hopes');

/** "We are considering X" is an intention; "…, considering audit results" is not, so only after these. */
const BEFORE_CONSIDERING = words("am is are was were be been we're they're currently still");

function isDeferral(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index]!;
  if (token.norm === 'considering')
    return token.gapBefore === 'space' && BEFORE_CONSIDERING.has(tokens[index - 1]?.norm ?? '');
  return DEFERRALS.has(token.norm) || (DEFERRING_VERBS.has(token.norm) && tokens[index + 1]?.norm === 'to');
}

/** "Planned for next year" defers the term; "planned for every release" schedules it. */
function isPlannedForLater(tokens: readonly Token[], index: number): boolean {
  if (tokens[index]!.norm !== 'planned' || tokens[index + 1]?.norm !== 'for') return false;
  const afterFor = tokens[index + 2]?.norm === 'the' ? index + 3 : index + 2;
  const when = tokens[afterFor];
  if (when === undefined || tokens[index + 1]!.gapBefore !== 'space' || when.gapBefore !== 'space')
    return false;
  return ['next', 'later', 'future'].includes(when.norm) || /^(?:20\d\d|q[1-4])$/.test(when.norm);
}

/** After a term only verbal negation counts: "logs, no later than..." and "logs without gaps" do not deny. */
const POST_NEGATORS = new Set(['not', 'never', 'none', 'cannot', 'nor']);

/** Words after which a negator is part of a fixed, non-negating phrase. */
const NON_NEGATING_NEXT: Readonly<Record<string, ReadonlySet<string>>> = {
  not: new Set(['only', 'just', 'limited', 'least', 'merely', 'solely', 'necessarily']),
  no: new Set(['later', 'more', 'less', 'fewer', 'matter', 'doubt']),
  without: new Set(['exception', 'delay', 'undue']),
};

/** Words that open a new clause, so a negation does not reach across them in either direction. */
const CLAUSE_WORDS = words(
  'but however although though whereas while whilst except unless which that who whom where when if',
  'because since so instead rather until otherwise',
);

/** After "and"/"or", one of these starts a new clause rather than continuing a list of nouns. */
const CLAUSE_OPENERS = words(
  'we they it he she i you this these those do does did is are was were has have had',
  'will would can could should shall must may might be',
);

/** Verbs of taking away: negating one affirms what it would take away ("logs are never deleted"). */
const REMOVAL_STEMS = new Set(
  [
    ...words('delete disable remove lose lost overwrite skip bypass omit ignore discard purge erase tamper'),
    ...words('alter modify override circumvent truncate suppress'),
  ].map(stem),
);

function isNegator(tokens: readonly Token[], index: number, allowed: ReadonlySet<string>): boolean {
  const token = tokens[index];
  if (token === undefined) return false;
  const isNegation = allowed.has(token.norm) || token.norm.endsWith("n't");
  if (!isNegation) return false;
  const next = tokens[index + 1];
  return next === undefined || !(NON_NEGATING_NEXT[token.norm]?.has(next.norm) ?? false);
}

/** Whether a token from `from` to `to` (inclusive, clamped to the sentence) has one of `stems`. */
function hasStem(stems: ReadonlySet<string>, tokens: readonly Token[], from: number, to: number): boolean {
  for (let index = Math.max(0, from); index <= Math.min(to, tokens.length - 1); index += 1) {
    if (stems.has(tokens[index]!.stem)) return true;
  }
  return false;
}

/** Index of the last token after the term still in its clause, looking at most POST_WINDOW ahead. */
function postScopeEnd(tokens: readonly Token[], first: number, last: number): number {
  let end = last;
  for (let index = last + 1; index <= last + POST_WINDOW && index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.gapBefore === 'clause' || token.gapBefore === 'comma' || CLAUSE_WORDS.has(token.norm)) break;
    // "Logging – not implemented", "Human oversight: none": after a leading label, a dash or colon
    // introduces its status; anywhere else it opens a new statement.
    if ((token.gapBefore === 'dash' || token.gapBefore === 'label') && first > 0) break;
    const opensClause =
      (token.norm === 'and' || token.norm === 'or') && CLAUSE_OPENERS.has(tokens[index + 1]?.norm ?? '');
    if (opensClause) break;
    end = index;
  }
  return end;
}

/**
 * How a sentence speaks of a term: `denied` ("we do not keep logs"), `deferred` ("we plan to keep logs"),
 * `prohibited` ("the policy prohibits social scoring": evidence only for a forbidden practice), or `affirmed`.
 */
export type Polarity = 'affirmed' | 'denied' | 'deferred' | 'prohibited';

/** Stems of words that forbid what they govern: "prohibits", "banned", "forbidden", "excluded". */
const PROHIBITION_STEMS = new Set(['prohibit', 'ban', 'forbid', 'forbidden', 'exclude', 'outlaw'].map(stem));

/** First index of the clause the term sits in, looking at most PRE_WINDOW back. */
function preScopeStart(tokens: readonly Token[], first: number): number {
  let start = first;
  for (let index = first - 1; index >= 0 && index >= first - PRE_WINDOW; index -= 1) {
    if (tokens[index + 1]!.gapBefore !== 'space' || CLAUSE_WORDS.has(tokens[index]!.norm)) break;
    start = index;
  }
  return start;
}

/**
 * Whether the words from `from` (after a comma) up to the term end a list joined by "or"/"nor", so a
 * negation before the comma covers the term: "we do not use subliminal, manipulative or deceptive
 * techniques", but not "we do not sell data, and logs are kept".
 */
function continuesList(tokens: readonly Token[], from: number, first: number): boolean {
  let joined = false;
  for (let index = from; index < first; index += 1) {
    const token = tokens[index]!;
    if (index > from && token.gapBefore !== 'space') return false;
    if (CLAUSE_OPENERS.has(token.norm) || CLAUSE_WORDS.has(token.norm)) return false;
    if (token.norm === 'or' || token.norm === 'nor') joined = true;
  }
  return joined;
}

export function polarityOf(tokens: readonly Token[], first: number, last: number): Polarity {
  const scopeEnd = postScopeEnd(tokens, first, last);

  for (let index = first - 1; index >= 0 && index >= first - PRE_WINDOW; index -= 1) {
    const gap = tokens[index + 1]!.gapBefore;
    if (gap !== 'space' && !(gap === 'comma' && continuesList(tokens, index + 1, first))) break;
    const token = tokens[index]!;
    if (CLAUSE_WORDS.has(token.norm)) break;
    const negator = isNegator(tokens, index, NEGATORS);
    if (negator || isDeferral(tokens, index)) {
      // "No decision is made without human review": a negator in the clause before "without" cancels it.
      if (token.norm === 'without') {
        for (let before = preScopeStart(tokens, index); before < index; before += 1)
          if (isNegator(tokens, before, NEGATORS)) return 'affirmed';
      }
      // The term's own words are not the removal verb: "cannot override" a decision is a denial.
      const doubleNegative =
        hasStem(REMOVAL_STEMS, tokens, index + 1, first - 1) ||
        hasStem(REMOVAL_STEMS, tokens, last + 1, Math.min(last + 3, scopeEnd));
      if (doubleNegative) return 'affirmed';
      return negator ? 'denied' : 'deferred';
    }
  }

  for (let index = last + 1; index <= scopeEnd; index += 1) {
    if (isNegator(tokens, index, POST_NEGATORS)) {
      return hasStem(REMOVAL_STEMS, tokens, index + 1, Math.min(index + 3, scopeEnd)) ? 'affirmed' : 'denied';
    }
    if (isPlannedForLater(tokens, index)) return 'deferred';
  }
  const prohibited =
    hasStem(PROHIBITION_STEMS, tokens, preScopeStart(tokens, first), first - 1) ||
    hasStem(PROHIBITION_STEMS, tokens, last + 1, scopeEnd);
  return prohibited ? 'prohibited' : 'affirmed';
}

/** Denied or only intended: no evidence of an ordinary concept. */
export const isDenial = (polarity: Polarity): boolean => polarity === 'denied' || polarity === 'deferred';

/** A sentence that stands in for content not yet written, so nothing in it is evidence. */
const PLACEHOLDER =
  /\b(?:tbd|tbc|todo|to-do|n\/a|not applicable|lorem ipsum|coming soon|to be (?:defined|determined|confirmed|completed|decided|written|added|agreed|documented|drafted))\b/i;

export function isPlaceholder(sentence: string): boolean {
  return PLACEHOLDER.test(sentence);
}

/** A question ("Do you log model inputs?") asks about a control rather than claiming it. */
export function isQuestion(sentence: string): boolean {
  return /\?["'”’)\]]*$/.test(sentence);
}
