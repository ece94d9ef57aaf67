import type { components } from './schema';

export type ErrorCode = components['schemas']['Error']['error']['code'];

/** An API answer other than 2xx, with the uniform error body's code, message and details. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error' | 'unexpected_response',
    message: string,
    readonly details: unknown = null,
    /** Seconds from `Retry-After`, on 429 and 503. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiProblem';
  }

  /** The `{ field, message }` problems of a `validation_failed` answer, by field. */
  fieldErrors(): Record<string, string> {
    if (this.code !== 'validation_failed' || !Array.isArray(this.details)) return {};
    const errors: Record<string, string> = {};
    for (const item of this.details as unknown[]) {
      if (typeof item === 'object' && item !== null && 'field' in item && 'message' in item) {
        const { field, message } = item;
        if (typeof field === 'string' && typeof message === 'string' && !(field in errors))
          errors[field] = message;
      }
    }
    return errors;
  }
}

function isErrorBody(body: unknown): body is components['schemas']['Error'] {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

export function problemFrom(response: Response, body: unknown): ApiProblem {
  const retryAfter = Number(response.headers.get('retry-after'));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
  if (isErrorBody(body))
    return new ApiProblem(
      response.status,
      body.error.code,
      body.error.message,
      body.error.details,
      retryAfterSeconds,
    );
  return new ApiProblem(
    response.status,
    'unexpected_response',
    `The server answered ${response.status}.`,
    null,
    retryAfterSeconds,
  );
}

/** The data of a 2xx answer from the generated client; anything else throws its ApiProblem. */
export async function unwrap<T>(
  pending: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await pending;
  } catch (error) {
    if (error instanceof ApiProblem) throw error;
    throw new ApiProblem(
      0,
      'network_error',
      'The server could not be reached. Check your connection and try again.',
    );
  }
  if (!result.response.ok) throw problemFrom(result.response, result.error);
  return result.data as T;
}

/** "in 3 minutes", "in 45 seconds": how long until a limited action may be tried again. */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** What to tell the person about a failure, in a sentence. */
export function problemMessage(error: unknown): string {
  if (error instanceof ApiProblem) {
    if (error.status === 429 && error.retryAfterSeconds !== null)
      return `${error.message} Try again in ${waitPhrase(error.retryAfterSeconds)}.`;
    if (error.status === 403 && error.code === 'forbidden')
      return `Your role does not allow this. (${error.message})`;
    return error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}
