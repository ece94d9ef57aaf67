import euAiAct from '../data/eu-ai-act.json';
import iso42001 from '../data/iso-42001.json';
import nistAiRmf from '../data/nist-ai-rmf.json';
import { type Control, type Framework } from './framework';
import { parseFramework } from './framework-validation';

/** Checked once, when the module loads: a bad data file stops the service at start-up, not mid-assessment. */
export const FRAMEWORKS: readonly Framework[] = Object.freeze([
  parseFramework(euAiAct, 'libs/frameworks/data/eu-ai-act.json', 'EU_AI_ACT'),
  parseFramework(nistAiRmf, 'libs/frameworks/data/nist-ai-rmf.json', 'NIST_AI_RMF'),
  parseFramework(iso42001, 'libs/frameworks/data/iso-42001.json', 'ISO_42001'),
]);

const BY_KEY = new Map<string, Framework>(FRAMEWORKS.map((framework) => [framework.key, framework]));

/** Takes any string so callers can pass a key straight from a request; undefined when unknown. */
export function findFramework(key: string): Framework | undefined {
  return BY_KEY.get(key);
}

export function findControl(key: string, id: string): Control | undefined {
  return findFramework(key)?.controls.find((control) => control.id === id);
}
