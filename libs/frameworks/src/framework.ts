import { type Condition, type Severity } from '@governance/contracts';
import { type FrameworkKey } from './catalog';

/** A phrase a document must contain, in one of several wordings, for one part of a control to count as met. */
export interface EvidenceCue {
  concept: string;
  /** Lowercase synonyms; a later engine matches them per document section. */
  terms: readonly string[];
  /** Share of the control's score this concept carries, relative to its sibling cues. */
  weight: number;
  /** A prohibited practice: denying it ("we do not use emotion recognition") meets it, doing it counts against. */
  negation_satisfies?: boolean;
  /**
   * When the control applies at all ("chatbot"): a denial shows the control was considered and found out
   * of scope, so it counts as well as an affirmation; the other concepts still decide whether it is met.
   */
  scope_condition?: boolean;
}

/** A policy a service can instantiate from a control; `rules` match a telemetry record that VIOLATES it. */
export interface RuntimePolicyTemplate {
  name: string;
  description: string;
  severity: Severity;
  rules: Condition;
}

export interface Control {
  id: string;
  title: string;
  /** What the control asks, in our own words. */
  requirement: string;
  /** Severity of a finding when the control is unmet. */
  severity: Severity;
  evidence_cues: readonly EvidenceCue[];
  remediation: string;
  runtime_policy?: RuntimePolicyTemplate;
}

export interface Framework {
  key: FrameworkKey;
  name: string;
  /** How lists and badges name it ("NIST AI RMF"). */
  short_name: string;
  /** The edition of the source text the controls follow. */
  version: string;
  /** Our own semver for the data file, bumped on every reviewed change. */
  revision: string;
  description: string;
  /** Where the source text comes from and how the controls relate to it. */
  source: string;
  controls: readonly Control[];
}

/** The reference findings and policies carry: `<FRAMEWORK_KEY>:<control_id>`. */
export function controlRef(key: FrameworkKey, id: string): string {
  return `${key}:${id}`;
}
