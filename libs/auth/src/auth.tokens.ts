export const AUTH_SCHEMA = Symbol('AUTH_SCHEMA');
