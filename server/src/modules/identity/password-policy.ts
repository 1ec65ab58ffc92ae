import { dictionary } from '@zxcvbn-ts/language-common';

import { NewPassword, passwordContainsEmail, passwordMessages } from '@portal/contract';

/**
 * The server's half of the password rule (contract/src/passwords.ts has the length rule the
 * forms check too): no password from zxcvbn-ts's list of common passwords (about 30,000,
 * gathered from breach corpora), compared case-insensitively, and none containing the
 * account's e-mail name. Never logs the password.
 */
let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())));

/** Whether a password is on the common list (case-insensitively). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** The first problem with a new password for this e-mail address, as a message for the user; null when it is acceptable. */
export function passwordProblem(password: string, email: string): string | null {
  const length = NewPassword.safeParse(password);
  if (!length.success) return length.error.issues[0]?.message ?? passwordMessages.tooShort;
  if (isCommonPassword(password)) return passwordMessages.common;
  if (passwordContainsEmail(password, email)) return passwordMessages.likeEmail;
  return null;
}
