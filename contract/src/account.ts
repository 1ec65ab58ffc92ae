// zod/mini: the sign-in, sign-up and profile pages load these with their forms.
import * as z from 'zod/mini';

import { Email, LoginResponse, Me } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { NewPassword, NewPasswordPair, passwordMessages } from './passwords.ts';
import { OptionalUkPhone } from './profile.ts';
import { storableName } from './text.ts';

/**
 * Sign-in and account journeys (spec 000 sections 2, 4 and 7). Where the spec shows
 * no path or payload, these are our decisions (dj-rest-auth's shapes, which the spec's
 * /registration/ and /auth/... calls follow):
 * - Every request naming an e-mail address (register, magic link, password reset) answers
 *   the same whether or not the address has an account, so nobody can learn who is a customer.
 * - Links sent by e-mail carry a random key, stored hashed, single use, bound to one user:
 *   a magic link lives MAGIC_LINK_TTL_MINUTES, a reset link RESET_LINK_TTL_MINUTES, a
 *   verification link VERIFY_LINK_TTL_MINUTES; an SMS code SMS_CODE_TTL_MINUTES.
 * - The magic link opens /auth/login/signin#key={key}: in the fragment, so the key is never
 *   sent to a server in a Referer or a log line. The page exchanges it for a session.
 * - Reset links open /auth/password_reset/{uid}/{token}; verification links
 *   /auth/register/verify/{key} (the spec's routes).
 */
export const MAGIC_LINK_TTL_MINUTES = 15;
export const RESET_LINK_TTL_MINUTES = 30;
export const VERIFY_LINK_TTL_MINUTES = 30;
export const SMS_CODE_TTL_MINUTES = 10;

export const accountMessages = {
  registered: 'Check your email: we have sent you a link to confirm your address.',
  magicLinkSent: 'If that address has an account, a sign-in link is on its way. It works once, for 15 minutes.',
  resetSent:
    'If that address has an account, a link to reset your password is on its way. It works once, for 30 minutes.',
  linkExpired: 'This link has expired. Ask for a new one.',
  linkUsed: 'This link has already been used. Ask for a new one.',
  linkInvalid: 'This link is not valid. Check you copied the whole link from the email, or ask for a new one.',
  verified: 'Your email address is confirmed. You can now sign in.',
  emailNotVerified: 'Confirm your email address before signing in: open the link we emailed you.',
  passwordReset: 'Your password has been changed. You can now sign in with it.',
  passwordChanged: 'Your password has been changed.',
  profileSaved: 'Your details have been saved.',
  smsSent: 'We have sent a code by text message. It works for 10 minutes.',
  smsCodeWrong: 'Incorrect verification code',
  smsCodeExpired: 'This code is no longer valid. Ask for a new code.',
  smsTooManyTries: 'Too many incorrect codes. Ask for a new code.',
  smsVerified: 'Your mobile number is confirmed.',
  smsNotSent: 'We could not send a text message just now. Try again in a few minutes.',
  tooManyRequests: 'Too many requests. Wait a while, then try again.',
  notWhileViewing: "Staff viewing a customer's account cannot change its password or email address.",
  // The profile page's e-mail change: the new address works only once its link is opened.
  emailTaken: 'You cannot use this email address. Enter a different one',
  emailChangeSent: (email: string) =>
    `We have sent a link to ${email}. Your email address will change when you open it.`,
  emailChanged: 'Your email address has been changed.',
  tooManyPasswordAttempts: 'Too many incorrect passwords. Wait 15 minutes, then try again.',
} as const;

/** How long a link confirming a new e-mail address (profile page) works. */
export const EMAIL_CHANGE_LINK_TTL_MINUTES = 30;

export const nameMessages = {
  firstRequired: 'Enter your first name',
  lastRequired: 'Enter your last name',
  tooLong: 'Name must be 100 characters or fewer',
} as const;

const PersonName = (required: string) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(100, nameMessages.tooLong), storableName());

/** A one-time key from a link: base64url text, bounded so a junk one is refused cheaply. */
const LinkKey = z
  .string({ error: accountMessages.linkInvalid })
  .check(z.minLength(1, accountMessages.linkInvalid), z.maxLength(200, accountMessages.linkInvalid));

export const DetailResponse = z.object({ detail: z.string() });

/** POST /registration/: a new account, unverified until its link is opened. */
export const RegisterRequest = z
  .object({
    first_name: PersonName(nameMessages.firstRequired),
    last_name: PersonName(nameMessages.lastRequired),
    email: Email,
    password1: NewPassword,
    password2: z
      .string({ error: passwordMessages.confirmRequired })
      .check(z.minLength(1, passwordMessages.confirmRequired)),
  })
  .check(
    z.refine((value) => value.password1 === value.password2, {
      message: passwordMessages.mismatch,
      path: ['password2'],
    }),
  );
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/**
 * The header of the sign-up's POST /registration/ (spec 001 section 7 "Signup and trial": "email, token;
 * signup-token header"): the session key verify-pin answered (the draft's verifyKey).
 */
export const SIGNUP_TOKEN_HEADER = 'signup-token';

/**
 * POST /registration/ in the sign-up's shape (spec 001 section 7): the lead's e-mail address and its
 * ssu_details_token, with the verify-pin key in the signup-token header. It registers nothing new: it confirms that
 * the key is the live session of the customer that lead made, as GET /registration/?key= does, and answers the same.
 */
export const SignupRegistrationRequest = z.object({
  email: Email,
  token: z
    .string({ error: 'Send the sign-up token' })
    .check(z.minLength(1, 'Send the sign-up token'), z.maxLength(200, 'Send the sign-up token')),
});
export type SignupRegistrationRequest = z.infer<typeof SignupRegistrationRequest>;
export const SignupRegistration = z.object({
  key: z.string(),
  product_id: z.int(),
  account_id: z.int(),
  user_verified: z.boolean(),
});
export type SignupRegistration = z.infer<typeof SignupRegistration>;

export const KeyRequest = z.object({ key: LinkKey });
export type KeyRequest = z.infer<typeof KeyRequest>;

export const EmailRequest = z.object({ email: Email });
export type EmailRequest = z.infer<typeof EmailRequest>;

/** POST /auth/password/reset/confirm/: the link's uid and token, and the new password twice. */
export const PasswordResetConfirmRequest = z.intersection(z.object({ uid: LinkKey, token: LinkKey }), NewPasswordPair);
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequest>;

/** UK mobile (spec 000 section 5): 7 and nine digits, optional prefix 0044, 44 or 0 (+ allowed before 44). */
export const UK_MOBILE_PATTERN = /^(?:(?:\+?44)|0044|0)?7\d{9}$/;
export const mobileMessages = {
  required: 'Enter a mobile phone number',
  invalid: 'Enter a UK mobile number, like 07700 900982',
} as const;
/** Characters people put between a mobile number's digits. */
const MOBILE_SEPARATORS = /[\s()-]/g;

/**
 * A UK mobile number in its national form (07 and nine digits), or null when it is not one.
 * @example nationalUkMobile('+44 (7700) 900-982') // '07700900982'
 */
export function nationalUkMobile(value: string): string | null {
  const number = value.replace(MOBILE_SEPARATORS, '');
  return UK_MOBILE_PATTERN.test(number) ? `0${number.slice(-10)}` : null;
}

export const MobileNumber = z.pipe(
  z
    .string({ error: mobileMessages.required })
    .check(z.trim(), z.minLength(1, mobileMessages.required), z.maxLength(20, mobileMessages.invalid)),
  z.pipe(
    z.transform((value: string) => value.replace(MOBILE_SEPARATORS, '')),
    z.string().check(z.regex(UK_MOBILE_PATTERN, mobileMessages.invalid)),
  ),
);

/** The sign-up journey token the SMS calls need (contract/src/signup.ts): texts cost money, so only a journey with a confirmed e-mail may send them. */
const SmsJourneyToken = z
  .string({ error: 'This sign-up has expired or is not valid. Please start again.' })
  .check(
    z.minLength(20, 'This sign-up has expired or is not valid. Please start again.'),
    z.maxLength(200, 'This sign-up has expired or is not valid. Please start again.'),
  );

export const SmsSendRequest = z.object({ mobile_number: MobileNumber, token: SmsJourneyToken });
export const SmsVerifyRequest = z.object({
  mobile_number: MobileNumber,
  token: SmsJourneyToken,
  sms_code: z.string({ error: 'Enter the code' }).check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
});
export const SmsVerifyResponse = z.object({ status: z.enum(['SUCCESS', 'FAILED']), detail: z.string() });

export const accountEndpoints = {
  register: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/registration/',
    auth: false,
    status: 201,
    summary:
      "Creates an unverified account and e-mails a verification link (the same answer for an address that already has an account); or, in the sign-up's shape (email, token; signup-token header), confirms the sign-up's session",
    body: z.union([RegisterRequest, SignupRegistrationRequest]),
    response: z.union([DetailResponse, SignupRegistration]),
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/registration/verify-email/',
    auth: false,
    summary: 'Confirms an e-mail address with the key from its verification link (single use, expiring)',
    body: KeyRequest,
    response: DetailResponse,
  }),
  requestMagicLink: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/auth/magic-link/',
    auth: false,
    summary: 'E-mails a single-use sign-in link; the same answer for every address',
    body: EmailRequest,
    response: DetailResponse,
  }),
  magicLinkLogin: endpoint({
    method: 'POST',
    path: '/auth/magic-link/login/',
    auth: false,
    summary: "Signs in with a magic link's key (single use, expiring); answers the token key",
    body: KeyRequest,
    response: LoginResponse,
  }),
  passwordReset: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/auth/password/reset/',
    auth: false,
    summary: 'E-mails a single-use password reset link; the same answer for every address',
    body: EmailRequest,
    response: DetailResponse,
  }),
  passwordResetConfirm: endpoint({
    method: 'POST',
    path: '/auth/password/reset/confirm/',
    auth: false,
    summary: "Sets a new password with a reset link's uid and token; ends every session of the account",
    body: PasswordResetConfirmRequest,
    response: DetailResponse,
  }),
  smsSend: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/auth/sms/send/',
    auth: false,
    summary:
      'Texts a 6-digit code to a UK mobile number, for a sign-up journey whose e-mail is confirmed (throttled per number, per client and overall)',
    body: SmsSendRequest,
    response: DetailResponse,
  }),
  smsVerify: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/auth/sms/verify/',
    auth: false,
    summary: "Checks a code texted to a sign-up journey's mobile number (single use, expiring, limited tries)",
    body: SmsVerifyRequest,
    response: SmsVerifyResponse,
  }),
};

/**
 * PATCH /api/v3/me/: any of the profile fields. A new e-mail address is not applied at once:
 * it waits (Me's user_profile.pending_email) until the link e-mailed to it is opened, so a typo
 * cannot lock anyone out.
 */
export const PatchMeRequest = z.object({
  first_name: z.optional(PersonName(nameMessages.firstRequired)),
  last_name: z.optional(PersonName(nameMessages.lastRequired)),
  email: z.optional(Email),
  /** A UK phone number (spec 000 section 5), answered in its national form; '' removes it. */
  phone: z.optional(OptionalUkPhone),
  /** Needed with a new e-mail address: a session alone (perhaps a stolen one) cannot move the account. */
  current_password: z.optional(z.string().check(z.maxLength(1024, passwordMessages.currentWrong))),
});
export type PatchMeRequest = z.infer<typeof PatchMeRequest>;

/** POST /api/v3/me/email/confirm/: the new address, now the account's. */
export const EmailChangeConfirmed = z.object({ detail: z.string(), email: z.string() });
export type EmailChangeConfirmed = z.infer<typeof EmailChangeConfirmed>;

/** PATCH /api/v3/me/password/: the current password and the new one twice. */
export const ChangePasswordRequest = z.intersection(
  z.object({
    old_password: z
      .string({ error: passwordMessages.currentRequired })
      .check(z.minLength(1, passwordMessages.currentRequired), z.maxLength(1024, passwordMessages.currentWrong)),
  }),
  NewPasswordPair,
);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const profileEndpoints = {
  patchMe: endpoint({
    answers: ['throttled', 'notWhileViewing'],
    method: 'PATCH',
    path: '/api/v3/me/',
    auth: true,
    summary: "Changes the signed-in user's name, e-mail or phone; a new e-mail is unverified until its link is opened",
    body: PatchMeRequest,
    response: Me,
  }),
  changePassword: endpoint({
    answers: ['throttled', 'notWhileViewing'],
    method: 'PATCH',
    path: '/api/v3/me/password/',
    auth: true,
    summary: "Changes the signed-in user's password (current one required); other sessions end",
    body: ChangePasswordRequest,
    response: DetailResponse,
  }),
  confirmEmailChange: endpoint({
    method: 'POST',
    path: '/api/v3/me/email/confirm/',
    auth: false,
    summary:
      'Applies a new e-mail address with the key from the link sent to it (single use, expiring); the address counts as verified',
    body: KeyRequest,
    response: EmailChangeConfirmed,
  }),
};
