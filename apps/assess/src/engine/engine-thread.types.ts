import type { AssessedDocument, AssessmentResult } from './engine.types';

/** What the main thread asks of an engine thread, and what it answers, matched by `id`. */
export interface EngineRequest {
  id: number;
  framework: string;
  document: AssessedDocument;
}

export type EngineReply = { id: number; result: AssessmentResult } | { id: number; error: string };
