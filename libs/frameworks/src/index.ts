export {
  type Framework,
  type Control,
  type EvidenceCue,
  type RuntimePolicyTemplate,
  controlRef,
} from './framework';
export {
  FRAMEWORK_KEYS,
  type FrameworkKey,
  FRAMEWORKS,
  findFramework,
  findControl,
  isFrameworkKey,
} from './catalog';
