// Generated from @governance/contracts and @governance/frameworks by tools/generate-console-sources.ts
// (npm run docs:generate).
export const PUBLIC_EVENT_TYPES = ["finding.created","assessment.complete","policy.violated","drift.detected","probe.disconnected","system.registered"] as const;
export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];
export const EVENT_LABELS: Readonly<Record<PublicEventType, string>> = {"finding.created":"Finding","assessment.complete":"Assessment complete","policy.violated":"Policy violated","drift.detected":"Drift detected","probe.disconnected":"Probe disconnected","system.registered":"System registered"};
export const EVENT_DESCRIPTIONS: Readonly<Record<PublicEventType, string>> = {"finding.created":"An assessment found a gap in a control.","assessment.complete":"An assessment finished, with its score.","policy.violated":"A system broke an enforced policy.","drift.detected":"A system’s behaviour drifted from its baseline.","probe.disconnected":"A probe stopped sending heartbeats.","system.registered":"A system was registered or discovered."};
export const FRAMEWORK_KEYS = ["EU_AI_ACT","NIST_AI_RMF","ISO_42001"] as const;
export type FrameworkKey = (typeof FRAMEWORK_KEYS)[number];
export const FRAMEWORK_LABELS: Readonly<Record<FrameworkKey, string>> = {"EU_AI_ACT":"EU AI Act","NIST_AI_RMF":"NIST AI RMF","ISO_42001":"ISO/IEC 42001"};
export const SEVERITIES = ["CRITICAL","HIGH","MEDIUM","INFO"] as const;
export type Severity = (typeof SEVERITIES)[number];
