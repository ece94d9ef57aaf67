export {
  type FrameworkKey,
  type Framework,
  type Control,
  type EvidenceCue,
  type RuntimePolicyTemplate,
  controlRef,
  FRAMEWORK_KEYS,
} from './framework';
export { FRAMEWORKS, findFramework, findControl } from './catalog';
export { isFrameworkKey } from './framework-validation';
