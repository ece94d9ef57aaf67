import euAiAct from '../data/eu-ai-act.json';
import iso42001 from '../data/iso-42001.json';
import nistAiRmf from '../data/nist-ai-rmf.json';
import { type Control, type Framework } from './framework';
import { parseFramework } from './framework-validation';

/**
 * Every framework the product knows, by key, as its reviewed data file: the one place a framework is
 * added. Keys, validation, the API's enums and the console's lists and labels follow from it.
 */
const FRAMEWORK_DATA = { EU_AI_ACT: euAiAct, NIST_AI_RMF: nistAiRmf, ISO_42001: iso42001 };

export type FrameworkKey = keyof typeof FRAMEWORK_DATA;
export const FRAMEWORK_KEYS = Object.freeze(Object.keys(FRAMEWORK_DATA) as FrameworkKey[]);

/** Checked once, when the module loads: a bad data file stops the service at start-up, not mid-assessment. */
export const FRAMEWORKS: readonly Framework[] = Object.freeze(
  FRAMEWORK_KEYS.map((key) => parseFramework(FRAMEWORK_DATA[key], `the data file of ${key}`, key)),
);

export function isFrameworkKey(value: unknown): value is FrameworkKey {
  return typeof value === 'string' && Object.hasOwn(FRAMEWORK_DATA, value);
}

const BY_KEY = new Map<string, Framework>(FRAMEWORKS.map((framework) => [framework.key, framework]));

/** Takes any string so callers can pass a key straight from a request; undefined when unknown. */
export function findFramework(key: string): Framework | undefined {
  return BY_KEY.get(key);
}

export function findControl(key: string, id: string): Control | undefined {
  return findFramework(key)?.controls.find((control) => control.id === id);
}
