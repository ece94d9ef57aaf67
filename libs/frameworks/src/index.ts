export {
  type FrameworkKey,
  type Framework,
  type Control,
  type EvidenceCue,
  type RuntimePolicyTemplate,
  controlRef,
} from './framework';
export { FRAMEWORKS, FRAMEWORK_KEYS, findFramework, findControl } from './catalog';
export { isFrameworkKey } from './framework-validation';
