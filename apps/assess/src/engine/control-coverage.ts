import { type AssessmentOptions } from './assessment-options';
import { type TextUnit } from './document-units';
import { type ControlResult, type ControlStatus, type Evidence } from './engine.types';
import { type CompiledConcept, type CompiledControl, type CompiledFramework } from './framework-compiler';
import { isDenial } from './negation';
import { type Occurrence } from './term-matching';
import { countAtOrBefore } from './text-lines';

/** Fractions are reported to four places, so payloads do not carry float noise like 0.30000000000000004. */
export const roundFraction = (value: number): number => Math.round(value * 10_000) / 10_000;

export function controlStatus(
  coverage: number,
  options: Pick<AssessmentOptions, 'metAt' | 'partialAt'>,
): ControlStatus {
  if (coverage >= options.metAt) return 'met';
  if (coverage > 0 && coverage >= options.partialAt) return 'partial';
  return 'missing';
}

/**
 * The quote for a hit: its whole sentence (or heading), or, when that is longer than `maxLength`, a
 * window around the matched words cut at word boundaries. Always a verbatim slice of the content.
 */
export function quoteFor(
  content: string,
  unit: TextUnit,
  hit: Pick<Occurrence, 'first' | 'last'>,
  maxLength: number,
): { quote: string; offset: number } {
  const { span, tokens } = unit;
  if (span.text.length <= maxLength) return { quote: span.text, offset: span.offset };
  const spanEnd = span.offset + span.text.length;
  const termStart = tokens[hit.first]!.start;
  const termEnd = tokens[hit.last]!.end;
  // A third of the room before the term, so the quote reads from its subject onwards.
  const lead = Math.max(0, Math.floor((maxLength - (termEnd - termStart)) / 3));
  const windowStart = Math.max(span.offset, Math.min(termStart - lead, spanEnd - maxLength));
  const start = tokens.find((token) => token.start >= windowStart)?.start ?? termStart;
  const limit = Math.min(spanEnd, start + maxLength);
  const end = [...tokens].reverse().find((token) => token.end <= limit)?.end ?? termEnd;
  return { quote: content.slice(start, Math.max(end, termEnd)), offset: start };
}

/** A phrase occurrence read as a mention of one concept of one control. */
interface Mention {
  concept: number;
  /** Position of the term within its concept, to order mentions at the same place. */
  termIndex: number;
  term: string;
  occurrence: Occurrence;
}

const inDocumentOrder = (a: Mention, b: Mention): number =>
  a.occurrence.unit - b.occurrence.unit ||
  a.occurrence.first - b.occurrence.first ||
  a.concept - b.concept ||
  a.termIndex - b.termIndex;

/** One passage per sentence: first the preferred mentions, then further ones, in document order. */
function selectEvidence(mentions: readonly Mention[], preferred: readonly Mention[], max: number): Mention[] {
  const chosen = new Map<number, Mention>();
  for (const mention of [...preferred, ...mentions]) {
    if (chosen.size >= max) break;
    if (!chosen.has(mention.occurrence.unit)) chosen.set(mention.occurrence.unit, mention);
  }
  return [...chosen.values()].sort(inDocumentOrder);
}

interface Context {
  content: string;
  units: readonly TextUnit[];
  occurrences: readonly (readonly Occurrence[])[];
  options: AssessmentOptions;
}

/** A heading over text that denies the concept ("## Logging" over "We do not log inputs") is no evidence. */
function deniedUnderHeading(
  concept: CompiledConcept,
  heading: number,
  scopeEnd: number,
  context: Context,
): boolean {
  return concept.terms.some((term) => {
    const list = context.occurrences[term.phrase]!;
    let index = countAtOrBefore(list, heading, (occurrence) => occurrence.unit);
    for (; index < list.length && list[index]!.unit < scopeEnd; index++) {
      if (isDenial(list[index]!.polarity)) return true;
    }
    return false;
  });
}

/**
 * Whether an occurrence is evidence for the concept: ordinarily one not denied or deferred. For a
 * forbidden practice the denial or prohibition is the evidence; a scope condition is settled by a
 * statement either way, but not by an intention.
 */
function supports(concept: CompiledConcept, occurrence: Occurrence): boolean {
  if (concept.scopeCondition) return occurrence.polarity !== 'deferred';
  if (concept.negationSatisfies)
    return occurrence.polarity === 'denied' || occurrence.polarity === 'prohibited';
  return !isDenial(occurrence.polarity);
}

interface ConceptMentions {
  /** The mention to cite first: the earliest sentence, or a heading when only headings say it. */
  preferred: Mention | undefined;
  /** The first affirming mentions of each term, enough to fill the evidence. */
  affirmed: Mention[];
  /** The first mentions of each term that tell against the concept, likewise. */
  denied: Mention[];
}

/** What one concept's terms say; each term's list is read only until it can change nothing more. */
function mentionsOf(concept: CompiledConcept, conceptIndex: number, context: Context): ConceptMentions {
  const max = context.options.maxEvidencePerControl;
  const result: ConceptMentions = { preferred: undefined, affirmed: [], denied: [] };
  const isHeadingMention = (mention: Mention): boolean =>
    context.units[mention.occurrence.unit]!.headingScopeEnd !== null;

  concept.terms.forEach((term, termIndex) => {
    // Units, not occurrences, are counted: a sentence is cited once however often it uses the term.
    const affirmedUnits = new Set<number>();
    const deniedUnits = new Set<number>();
    let sentenceSeen = false;
    for (const occurrence of context.occurrences[term.phrase]!) {
      if (sentenceSeen && affirmedUnits.size >= max) break;
      const mention: Mention = { concept: conceptIndex, termIndex, term: term.term, occurrence };
      const scopeEnd = context.units[occurrence.unit]!.headingScopeEnd;
      const isHeading = scopeEnd !== null;
      // A heading only names a forbidden practice as a topic; only sentences can deny doing it.
      if (concept.negationSatisfies && isHeading) continue;
      if (!supports(concept, occurrence)) {
        if (deniedUnits.size < max && !deniedUnits.has(occurrence.unit)) result.denied.push(mention);
        deniedUnits.add(occurrence.unit);
        continue;
      }
      if (isHeading && deniedUnderHeading(concept, occurrence.unit, scopeEnd, context)) continue;
      if (affirmedUnits.size < max && !affirmedUnits.has(occurrence.unit)) result.affirmed.push(mention);
      affirmedUnits.add(occurrence.unit);
      const current = result.preferred;
      const better =
        current === undefined ||
        (!isHeading && isHeadingMention(current)) ||
        (isHeading === isHeadingMention(current) && inDocumentOrder(mention, current) < 0);
      if (better) result.preferred = mention;
      if (!isHeading) sentenceSeen = true;
    }
  });
  return result;
}

function evaluateControl(control: CompiledControl, context: Context): ControlResult {
  const byConcept = control.concepts.map((concept, index) => mentionsOf(concept, index, context));
  const found = control.concepts.filter((_, index) => byConcept[index]!.preferred !== undefined);
  const foundWeight = found.reduce((sum, concept) => sum + concept.weight, 0);
  const coverage = roundFraction(foundWeight / control.totalWeight);
  const max = context.options.maxEvidencePerControl;

  const toEvidence = (mention: Mention): Evidence => {
    const unit = context.units[mention.occurrence.unit]!;
    const { content, options } = context;
    const { quote, offset } = quoteFor(content, unit, mention.occurrence, options.maxQuoteLength);
    const lineBreaks = content.slice(unit.span.offset, offset).match(/\r\n|\r|\n/g)?.length ?? 0;
    return {
      quote,
      section: unit.section,
      line: unit.span.line + lineBreaks,
      offset,
      concept: control.concepts[mention.concept]!.name,
      term: mention.term,
    };
  };

  const preferred = byConcept.flatMap((entry) => entry.preferred ?? []);
  const affirmed = byConcept.flatMap((entry) => entry.affirmed).sort(inDocumentOrder);
  // Denials explain a gap, so only those of concepts that ended up missing are shown.
  const denied = byConcept.flatMap((entry) => (entry.preferred ? [] : entry.denied)).sort(inDocumentOrder);
  return {
    control_id: control.id,
    title: control.title,
    severity: control.severity,
    status: controlStatus(coverage, context.options),
    coverage,
    matched_concepts: found.map((concept) => concept.name),
    missing_concepts: control.concepts.filter((concept) => !found.includes(concept)).map((c) => c.name),
    evidence: selectEvidence(affirmed, preferred.sort(inDocumentOrder), max).map(toEvidence),
    counter_evidence: selectEvidence(denied, [], max).map(toEvidence),
  };
}

/** Coverage, status and cited passages of every control, in the framework's order. */
export function evaluateControls(
  framework: CompiledFramework,
  content: string,
  units: readonly TextUnit[],
  occurrences: readonly (readonly Occurrence[])[],
  options: AssessmentOptions,
): ControlResult[] {
  const context: Context = { content, units, occurrences, options };
  return framework.controls.map((control) => evaluateControl(control, context));
}
