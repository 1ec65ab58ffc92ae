// zod/mini: the names' rule is tiny, and every form's contract uses it.
import * as z from 'zod/mini';

/**
 * One rule for the text of every name the portal stores (a person's, a business's, a seat's, a
 * contact's, an account holder's, a call flow's, a holiday's, an audio file's): no control
 * characters (a line break, a tab, NUL, the C1 controls), and none of the bidirectional overrides
 * and isolates (U+202A-U+202E, U+2066-U+2069) that make a name read differently from what it holds
 * ("gnp.exe" shown for "exe.png") wherever it is shown: a list, an e-mail, an invoice, a CSV.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

export const textMessages = {
  hiddenCharacters: 'A name cannot contain control characters or characters that reverse or isolate text direction.',
} as const;

/** Whether a name holds a character the rule refuses. @example hasHiddenCharacters('Ann\u202Egnp.exe') // true */
export const hasHiddenCharacters = (text: string): boolean => HIDDEN_CHARACTERS.test(text);

/** The check of a stored name's text, for a name schema's `.check(...)`. */
export const storableName = () => z.refine<string>((text) => !hasHiddenCharacters(text), textMessages.hiddenCharacters);
