// zod/mini: the profile page loads these with its forms.
import * as z from 'zod/mini';

import { normaliseUkPhone } from '@portal/editor-core';

/**
 * The rules of the profile page (spec 000 section 5) that both the form and the server
 * apply: the full-name rule and UK phone numbers with their normalisation. editor-core owns
 * the UK phone pattern (call flows check numbers with it too); this is its one use for people.
 */

export const fullNameMessages = {
  required: 'Enter your full name',
  twoWords: 'Enter your first name and last name',
  tooLong: 'Name must be 100 characters or fewer',
} as const;

/** First name and last name of a full name, or null when it has fewer than two words. */
export function splitFullName(fullName: string): { first_name: string; last_name: string } | null {
  // Spec 000 section 5: at least two space-separated words; the first is the first name.
  const [first, ...rest] = fullName.trim().split(/\s+/);
  if (!first || rest.length === 0) return null;
  return { first_name: first, last_name: rest.join(' ') };
}

/**
 * A full name as typed, split into first_name and last_name (the API's fields).
 * @example FullName.parse('  Mary Anne  Smith ') // { first_name: 'Mary', last_name: 'Anne Smith' }
 */
export const FullName = z.pipe(
  z.string({ error: fullNameMessages.required }).check(
    z.trim(),
    z.minLength(1, fullNameMessages.required),
    z.refine((value) => splitFullName(value) !== null, fullNameMessages.twoWords),
    z.refine((value) => {
      const parts = splitFullName(value);
      return parts === null || (parts.first_name.length <= 100 && parts.last_name.length <= 100);
    }, fullNameMessages.tooLong),
  ),
  z.transform((value: string) => splitFullName(value) ?? { first_name: '', last_name: '' }),
);

export const phoneMessages = {
  invalid: 'Enter a UK phone number starting 01, 02 or 07, like 01632 960001 or 07700 900982',
} as const;

// The UK rule's normalisation lives beside its pattern in editor-core (the contacts page shares it
// without pulling this file into its chunk); it is answered from here too.
export { normaliseUkPhone };

/**
 * A phone number as typed, or '' for none: answered in its national form
 * (normaliseUkPhone), so the stored number is always 0 and ten digits.
 */
export const OptionalUkPhone = z.pipe(
  z.string({ error: phoneMessages.invalid }).check(
    z.trim(),
    z.maxLength(30, phoneMessages.invalid),
    z.refine((value) => value === '' || normaliseUkPhone(value) !== null, phoneMessages.invalid),
  ),
  z.transform((value: string) => (value === '' ? '' : (normaliseUkPhone(value) ?? value))),
);
