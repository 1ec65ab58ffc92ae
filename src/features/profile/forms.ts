import * as z from 'zod/mini';

import {
  ChangePasswordRequest,
  Email,
  FullName,
  OptionalUkPhone,
  type Me,
  type PatchMeRequest,
} from '@portal/contract';

import { serverErrors, type FormErrors } from '../../components/form/form-errors.ts';

/**
 * The profile page's two forms, as data: their fields and ids, what the contract checks before
 * anything is sent, and how a refusal from the server maps back onto the fields.
 */

// "Your details": one Full name field with the spec's rule (spec 000 section 5), split into
// the API's first_name and last_name; the e-mail address; the phone number, optional.
// A new e-mail address also needs the current password (the server checks it).
export type DetailsField = 'full_name' | 'email' | 'phone' | 'current_password';

export const detailsFieldIds: Record<DetailsField, string> = {
  full_name: 'profile-full-name',
  email: 'profile-email',
  phone: 'profile-phone',
  current_password: 'profile-details-current-password',
};

export const DetailsForm = z.object({
  full_name: FullName,
  email: Email,
  phone: OptionalUkPhone,
  current_password: z.string(),
});
export type DetailsForm = z.output<typeof DetailsForm>;

/** The form's values for a user: what is saved now (a pending new address is shown apart). */
export function detailsValuesOf(me: Me): Record<DetailsField, string> {
  const { first_name, last_name, email, phone } = me.user_profile;
  return { full_name: `${first_name} ${last_name}`.trim(), email, phone: phone ?? '', current_password: '' };
}

/** Whether the address typed is a different one from the account's (case aside). */
export const emailChanges = (typed: string, me: Me): boolean =>
  typed.trim().toLowerCase() !== me.user_profile.email.toLowerCase();

/**
 * What PATCH /api/v3/me/ is sent: name and phone always; the e-mail address only when it is
 * a different one, since sending it starts a change (a link to the new address).
 */
export function patchBodyOf(form: DetailsForm, me: Me): PatchMeRequest {
  const body: PatchMeRequest = { ...form.full_name, phone: form.phone };
  if (emailChanges(form.email, me)) Object.assign(body, { email: form.email, current_password: form.current_password });
  return body;
}

/** The server names first_name and last_name; the form has one field for both. */
const detailsFieldOfServer: Record<string, DetailsField> = {
  first_name: 'full_name',
  last_name: 'full_name',
  email: 'email',
  phone: 'phone',
  current_password: 'current_password',
};

export function detailsServerErrors(error: unknown): FormErrors<DetailsField> {
  const { fieldErrors, formError } = serverErrors(error, Object.keys(detailsFieldOfServer));
  const mapped: Partial<Record<DetailsField, string>> = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    const target = detailsFieldOfServer[field];
    if (target && message) mapped[target] ??= message;
  }
  return { fieldErrors: mapped, formError };
}

// "Change your password": the API's own fields.
export type PasswordField = 'old_password' | 'new_password1' | 'new_password2';

export const passwordFieldIds: Record<PasswordField, string> = {
  old_password: 'profile-current-password',
  new_password1: 'profile-new-password',
  new_password2: 'profile-confirm-password',
};

export const PasswordForm = ChangePasswordRequest;

export const emptyPasswordValues: Record<PasswordField, string> = {
  old_password: '',
  new_password1: '',
  new_password2: '',
};

export const passwordServerErrors = (error: unknown): FormErrors<PasswordField> =>
  serverErrors(error, Object.keys(passwordFieldIds) as PasswordField[]);
