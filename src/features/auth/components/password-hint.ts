import { MIN_PASSWORD_LENGTH } from '@portal/contract';

/** The password rule as a new-password field's hint (contract/src/passwords.ts: length and a deny list, no composition rules). */
export const newPasswordHint = `Must be ${MIN_PASSWORD_LENGTH} characters or more. Do not use a common password or your email address.`;
