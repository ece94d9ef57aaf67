import type { Severity } from '@governance/contracts';
import type { Control, EvidenceCue } from '@governance/frameworks';

/** A document as the engine reads it: PDF and DOCX are turned into text before they get here. */
export interface AssessedDocument {
  title: string;
  /** Plain text or Markdown; evidence offsets and lines point into this exact string. */
  content: string;
}

/** The least of a framework the engine needs, so tests can state small ones; a cue's weight defaults to 1. */
type EngineEvidenceCue = Omit<EvidenceCue, 'weight'> & Partial<Pick<EvidenceCue, 'weight'>>;
export type EngineControl = Pick<Control, 'id' | 'title' | 'severity'> & {
  evidence_cues: readonly EngineEvidenceCue[];
};
export interface EngineFramework {
  key: string;
  controls: readonly EngineControl[];
}

export type ControlStatus = 'met' | 'partial' | 'missing';

export type Verdict = 'pass' | 'conditional' | 'fail';

/** A passage quoted verbatim: `content.slice(offset, offset + quote.length) === quote`. */
export interface Evidence {
  quote: string;
  /** Title of the section the passage sits in, as written. */
  section: string;
  /** 1-based line of the quote's first character. */
  line: number;
  /** Character offset of the quote's first character in the document content. */
  offset: number;
  concept: string;
  /** The framework's term that matched, as the framework spells it. */
  term: string;
}

export interface ControlResult {
  control_id: string;
  title: string;
  severity: Severity;
  status: ControlStatus;
  /** Weighted share of the control's concepts found, 0..1. */
  coverage: number;
  matched_concepts: string[];
  missing_concepts: string[];
  evidence: Evidence[];
  /** Passages that mention a concept only to deny it ("we do not keep logs"): why a control a reader
   * expected to be met is not. They never count towards coverage. */
  counter_evidence: Evidence[];
}

export interface AssessmentSummary {
  /** Severity-weighted mean coverage, 0..1. */
  score: number;
  verdict: Verdict;
  counts: Record<ControlStatus, number>;
  /** Controls partial or missing, by their severity. */
  unmet_by_severity: Record<Severity, number>;
  findings_count: number;
  /** Findings at HIGH severity or above, so a CRITICAL finding is never invisible in the event. */
  high_findings: number;
  medium_findings: number;
}

export interface AssessmentResult {
  framework: string;
  /** In the framework's control order. */
  controls: ControlResult[];
  summary: AssessmentSummary;
}
