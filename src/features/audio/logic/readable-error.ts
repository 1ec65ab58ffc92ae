import { isApiError } from '../../../lib/api-error.ts';
import { genericErrorText, userErrorText } from '../../../lib/error-text.ts';

/**
 * What to show for a failed service call: an ApiError in the app's wording (error-text.ts),
 * any other Error by its message (the services' contract is a readable message).
 */
export function readableError(error: unknown): string {
  if (isApiError(error)) return userErrorText(error);
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return genericErrorText();
}

export function isAbort(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}
