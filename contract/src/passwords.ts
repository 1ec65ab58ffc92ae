// zod/mini: the sign-up and profile forms load these with their pages.
import * as z from 'zod/mini';

/**
 * The password rule, one place for the browser's forms and the server: a minimum
 * length, a maximum that keeps hashing cheap, and (server side, against a list of common
 * passwords) no password an attacker would try first. NCSC and GOV.UK guidance: length and a
 * deny list, no composition rules.
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

export const passwordMessages = {
  required: 'Enter a password',
  tooShort: `Password must be ${MIN_PASSWORD_LENGTH} characters or more`,
  tooLong: `Password must be ${MAX_PASSWORD_LENGTH} characters or fewer`,
  common: 'This password is too common and easy to guess. Choose a different password',
  likeEmail: 'Password must not contain your email address',
  confirmRequired: 'Confirm your password',
  mismatch: 'Passwords do not match',
  currentRequired: 'Enter your current password',
  currentWrong: 'Your current password is incorrect',
} as const;

/** A new password, as typed: length only (the common-password check needs the server's list). */
export const NewPassword = z
  .string({ error: passwordMessages.required })
  .check(
    z.minLength(1, passwordMessages.required),
    z.minLength(MIN_PASSWORD_LENGTH, passwordMessages.tooShort),
    z.maxLength(MAX_PASSWORD_LENGTH, passwordMessages.tooLong),
  );

/**
 * A new password and its confirmation (`new_password1`, `new_password2`), the mismatch
 * reported on the confirmation field.
 */
export const NewPasswordPair = z
  .object({
    new_password1: NewPassword,
    new_password2: z
      .string({ error: passwordMessages.confirmRequired })
      .check(z.minLength(1, passwordMessages.confirmRequired)),
  })
  .check(
    z.refine((value) => value.new_password1 === value.new_password2, {
      message: passwordMessages.mismatch,
      path: ['new_password2'],
    }),
  );
export type NewPasswordPair = z.infer<typeof NewPasswordPair>;

/** Whether a password contains the e-mail address's local part (4+ characters), case-insensitively. */
export function passwordContainsEmail(password: string, email: string): boolean {
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  return local.length >= 4 && password.toLowerCase().includes(local);
}
