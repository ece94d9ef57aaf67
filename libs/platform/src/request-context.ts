import { context, createContextKey, type Context } from '@opentelemetry/api';
import { type ActorType } from '@governance/contracts';

/** Who is acting in a request: set by the authentication guard once it knows. */
export interface RequestActor {
  type: ActorType;
  /** `usr_…` for a person, `key_…` for an API key. */
  id: string;
}

/** What the audit trail records of the request a change happens in. */
export interface RequestContext {
  address: string | null;
  userAgent: string | null;
  actor?: RequestActor;
}

const REQUEST_CONTEXT = createContextKey('governance.request_context');

export function withRequestContext(parent: Context, value: RequestContext): Context {
  return parent.setValue(REQUEST_CONTEXT, value);
}

/** The context of the HTTP request being handled; undefined in consumers and scheduled work. */
export function currentRequestContext(): RequestContext | undefined {
  return context.active().getValue(REQUEST_CONTEXT) as RequestContext | undefined;
}

const byRequest = new WeakMap<object, RequestContext>();

/** Ties a request's context to the request object, where the guard (which has only the request) finds it. */
export function attachRequestContext(request: object, value: RequestContext): RequestContext {
  byRequest.set(request, value);
  return value;
}

export function requestContextOf(request: object): RequestContext | undefined {
  return byRequest.get(request);
}
