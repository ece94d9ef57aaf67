// Generated from @governance/contracts and @governance/frameworks by tools/generate-console-sources.ts
// (npm run docs:generate).
export const PUBLIC_EVENT_TYPES = ["finding.created","assessment.complete","policy.violated","drift.detected","probe.disconnected","system.registered"] as const;
export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];
export const FRAMEWORK_KEYS = ["EU_AI_ACT","NIST_AI_RMF","ISO_42001"] as const;
export type FrameworkKey = (typeof FRAMEWORK_KEYS)[number];
export const FRAMEWORK_LABELS: Readonly<Record<FrameworkKey, string>> = {"EU_AI_ACT":"EU AI Act","NIST_AI_RMF":"NIST AI RMF","ISO_42001":"ISO/IEC 42001"};
export const SEVERITIES = ["CRITICAL","HIGH","MEDIUM","INFO"] as const;
export type Severity = (typeof SEVERITIES)[number];
