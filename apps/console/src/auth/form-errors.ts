import { ApiProblem, problemMessage } from '../api/problem';

/** A failed form submission: the message above the form, and each bad field's own message. */
export function formErrors(error: unknown): { message: string | undefined; fields: Record<string, string> } {
  if (!error) return { message: undefined, fields: {} };
  if (error instanceof ApiProblem && error.code === 'validation_failed') {
    const fields = error.fieldErrors();
    return {
      message: Object.keys(fields).length > 0 ? 'Check the fields marked below.' : error.message,
      fields,
    };
  }
  return { message: problemMessage(error), fields: {} };
}
