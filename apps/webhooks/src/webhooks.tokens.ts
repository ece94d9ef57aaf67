export const WEBHOOKS_CONFIG = Symbol('WEBHOOKS_CONFIG');
