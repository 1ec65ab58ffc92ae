// zod/mini: the top bar's "Viewing" indicator loads with every signed-in page.
import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';
import { DetailError, FieldErrors } from './errors.ts';

/**
 * Staff acting on customers' accounts (spec 000 sections 2, 4, 6 and 7): the admin dialog's
 * switch user and resend verification, the login-as route, the top bar's "Viewing: {customer}".
 *
 * Where the spec is silent, these are our decisions:
 * - Switching needs `is_staff` and the role MANAGE_OTHER_USERS (contract/src/auth.ts), checked
 *   on the real person: while switched, the staff member. It changes only the session it is
 *   sent with: that token now answers as the customer and remembers the staff member
 *   (`logged_in_as` of GET /api/v3/me/). The customer's own sessions are untouched.
 *   Another staff account cannot be switched to, nor one's own.
 * - POST /accounts/return/ ends the switch: the same token answers as the staff member again.
 *   Signing out while switched ends the staff member's session.
 * - Every switch, every return, and every change made while switched (any POST, PUT, PATCH or
 *   DELETE answered 2xx) is written to the staff audit log with both identities, the method,
 *   path, status and time. GET /api/v3/staff/audit-log/ reads it (staff with the role).
 * - Errors of POST /accounts/ and /accounts/return/ carry the message in both `detail` and
 *   `error`: the admin dialog shows `error` (spec 000 section 8).
 * - POST /auth/resend-verification-email/ needs no session (a person who lost the e-mail may ask
 *   too) and answers the same for every address, known, unknown or already verified, so it
 *   cannot tell who has an account. It is throttled per address and per client.
 */

/** Messages of the admin dialog's e-mail fields (spec 000 section 5); the server answers the same. */
export const staffEmailMessages = {
  required: 'Email is a required field',
  invalid: 'Email is invalid',
} as const;

/** An e-mail of the admin dialog: trimmed, required, valid. */
export const StaffEmail = z.pipe(
  z
    .string({ error: staffEmailMessages.required })
    .check(z.trim(), z.minLength(1, staffEmailMessages.required), z.maxLength(254, staffEmailMessages.invalid)),
  z.email(staffEmailMessages.invalid),
);

export const StaffEmailRequest = z.object({ email: StaffEmail });
export type StaffEmailRequest = z.infer<typeof StaffEmailRequest>;

/** A person named in an answer: the customer being viewed, the staff member acting. */
export const PersonRef = z.object({ email: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof PersonRef>;

export const SwitchUserResponse = z.object({ detail: z.string(), viewing: PersonRef });
export type SwitchUserResponse = z.infer<typeof SwitchUserResponse>;

/** The error answer of the switch calls: the admin dialog shows `error`; `detail` says the same. */
export const SwitchUserError = z.object({ detail: z.string(), error: z.string() });
export type SwitchUserError = z.infer<typeof SwitchUserError>;
/** Any error answer of the switch calls: theirs first, then the API's usual shapes (CSRF, invalid body). */
export const SwitchUserErrorBody = z.union([SwitchUserError, DetailError, FieldErrors]);

export const staffMessages = {
  notAllowed:
    'Only staff with the role "Allow to manage other users\' accounts" may switch to another user\'s account.',
  auditNotAllowed: 'Only staff with the role "Allow to manage other users\' accounts" may read the staff audit log.',
  unknownUser: (email: string) => `No user has the email address ${email}.`,
  staffAccount: 'Staff accounts cannot be switched to. Choose a customer account.',
  ownAccount: 'That is your own account.',
  switched: (name: string) => `You are now viewing the account of ${name}.`,
  notSwitched: 'You are not viewing another account.',
  returned: 'You are back in your own account.',
  verificationResent:
    'If that address has an account waiting for verification, a new verification email is on its way.',
  tooManyResends: 'Too many verification emails were asked for. Wait an hour, then try again.',
} as const;

export const staffEndpoints = {
  switchUser: endpoint({
    answers: ['switching', 'switchTarget'],
    method: 'POST',
    path: '/accounts/',
    summary:
      'Switch user: this session acts as the customer with this e-mail until it returns (staff with the role "Allow to manage other users\' accounts"); errors carry `error`',
    auth: true,
    body: StaffEmailRequest,
    response: SwitchUserResponse,
  }),
  returnToStaff: endpoint({
    answers: ['switching'],
    method: 'POST',
    path: '/accounts/return/',
    summary: "Ends a switch: this session is the staff member's own again",
    auth: true,
    response: z.object({ detail: z.string() }),
  }),
  resendVerificationEmail: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/auth/resend-verification-email/',
    summary: 'Sends a new verification e-mail to an unverified account; the same answer for every address (throttled)',
    auth: false,
    body: StaffEmailRequest,
    response: z.object({ detail: z.string() }),
  }),
};
