import { HttpStatus } from '@nestjs/common';

/** Every error code the HTTP API can answer with. Clients may switch on these; messages are for people. */
export enum ErrorCode {
  ValidationFailed = 'validation_failed',
  MalformedJson = 'malformed_json',
  BodyTooDeep = 'body_too_deep',
  MalformedRequest = 'malformed_request',
  HeadersTooLarge = 'headers_too_large',
  RequestTimeout = 'request_timeout',
  UnsupportedMediaType = 'unsupported_media_type',
  PayloadTooLarge = 'payload_too_large',
  Unauthorized = 'unauthorized',
  Forbidden = 'forbidden',
  CsrfRejected = 'csrf_rejected',
  OrganizationRequired = 'organization_required',
  PlanNotEligible = 'plan_not_eligible',
  NotFound = 'not_found',
  NotAcceptable = 'not_acceptable',
  Conflict = 'conflict',
  InvitationExpired = 'invitation_expired',
  InvitationRevoked = 'invitation_revoked',
  InvitationAccepted = 'invitation_accepted',
  /** A one-time link (setup, password reset) that is unknown, used or expired; `details.reason` says which. */
  LinkInvalid = 'link_invalid',
  /** Too many failed attempts (sign-in); `Retry-After` says when to try again. */
  TooManyRequests = 'too_many_requests',
  UrlNotAllowed = 'url_not_allowed',
  WebhookLimitReached = 'webhook_limit_reached',
  ServiceUnavailable = 'service_unavailable',
  InternalError = 'internal_error',
}

export interface FieldProblem {
  field: string;
  message: string;
}

/** The uniform error body: `{ "error": { "code", "message", "details" } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details: unknown };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: unknown = null,
    /** Response headers the answer carries, such as `Retry-After`. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, details: this.details } };
  }

  static validation(problems: FieldProblem[]): ApiError {
    const summary = problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
    return new ApiError(
      HttpStatus.BAD_REQUEST,
      ErrorCode.ValidationFailed,
      `Invalid request: ${summary}`,
      problems,
    );
  }

  static notFound(what: string): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, ErrorCode.NotFound, `${what} not found`);
  }

  static unauthorized(message: string): ApiError {
    return new ApiError(HttpStatus.UNAUTHORIZED, ErrorCode.Unauthorized, message);
  }
}
