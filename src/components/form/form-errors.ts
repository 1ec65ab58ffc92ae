import { isApiError } from '../../lib/api-error.ts';
import { extractErrorText, userErrorText } from '../../lib/error-text.ts';

/** What a form shows after a failed submit: one message per field, and one for the form as a whole. */
export interface FormErrors<F extends string> {
  fieldErrors: Partial<Record<F, string>>;
  formError: string | null;
}

export const noFormErrors = { fieldErrors: {}, formError: null } as const;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * The first message of each field from the contract schema's issues; an issue about anything
 * else (a link's key, the payload as a whole) becomes the form's message.
 */
export function issueErrors<F extends string>(issues: readonly Issue[], fields: readonly F[]): FormErrors<F> {
  const fieldErrors: Partial<Record<F, string>> = {};
  let formError: string | null = null;
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field === undefined) formError ??= issue.message;
    else fieldErrors[field] ??= issue.message;
  }
  return { fieldErrors, formError };
}

function firstText(value: unknown): string | undefined {
  if (Array.isArray(value)) return firstText(value[0]);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * A refused submit as the form shows it. A 4xx answer in the field-arrays shape
 * (`{ password1: ['This password is too common…'] }`, contract/src/errors.ts) puts each
 * field's first message beside that field, and anything else it says (`non_field_errors`,
 * `detail`) in the summary; every other failure is one message, by the error text rules.
 * @example serverErrors(new ApiError({ kind: 'http', status: 400, data: { email: ['Taken'] } }), ['email']) // { fieldErrors: { email: 'Taken' }, formError: null }
 */
export function serverErrors<F extends string>(error: unknown, fields: readonly F[]): FormErrors<F> {
  if (
    isApiError(error) &&
    error.isClientError &&
    typeof error.data === 'object' &&
    error.data !== null &&
    !Array.isArray(error.data)
  ) {
    const data = error.data as Record<string, unknown>;
    const fieldErrors: Partial<Record<F, string>> = {};
    for (const field of fields) {
      const text = firstText(data[field]);
      if (text !== undefined) fieldErrors[field] = text;
    }
    if (Object.keys(fieldErrors).length > 0) {
      const rest = Object.fromEntries(
        Object.entries(data).filter(([name]) => !(fields as readonly string[]).includes(name)),
      );
      return { fieldErrors, formError: extractErrorText(rest) ?? null };
    }
  }
  return { fieldErrors: {}, formError: userErrorText(error) };
}
