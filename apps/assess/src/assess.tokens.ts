export const ASSESS_CONFIG = Symbol('ASSESS_CONFIG');
