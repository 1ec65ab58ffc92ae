// zod/mini, like the other contracts a page loads: the sign-up pages load these on demand.
import * as z from 'zod/mini';

import { displayPrice } from '@portal/editor-core';

import { mobileMessages, nationalUkMobile } from './account.ts';
import { InstallationAddressInput } from './address.ts';
import { Email } from './auth.ts';
import { BUY_NOW_CHANNEL } from './buy-now-rules.ts';
import { endpoint } from './endpoint.ts';
import { idText } from './ids.ts';
import { NewPassword, passwordMessages } from './passwords.ts';
import { Pin } from './pin.ts';
import { storableName } from './text.ts';

/**
 * The trial and buy-now sign-up journeys (spec 000 section 2, spec 001
 * sections 3, 4, 5, 7 "Signup and trial"), and an existing customer's opt-in trial. The spec
 * names the calls, the channels, the trial-version rule, the free-e-mail domains and the SMS
 * verify status; the rest is our design:
 *
 * - A journey is a *lead*: POST /api/v3/signup/create-lead/ answers a random journey token (kept
 *   hashed), which every later call of the journey sends. An e-mail PIN (EMAIL_PIN_LENGTH digits,
 *   EMAIL_PIN_TTL_MINUTES, EMAIL_PIN_MAX_TRIES tries) goes to the address; POST /auth/email/verify/
 *   checks it. An address that already has an account gets an e-mail saying so (sign in, then
 *   start a trial from the portal) instead of a PIN, so the answer tells nobody who is a customer,
 *   and no second account is ever made for it.
 * - The SMS calls need the journey token of a lead whose e-mail is verified, and carry a global
 *   hourly cap on top of the per-number and per-client ones (texts cost money).
 * - POST /api/v1/signup/create-password/ creates the customer (account, user, cloud phone, and
 *   for a trial its OPT_IN trial of TRIAL_DAYS days) and starts its provisioning; its key is the
 *   new user's token. Once done, the lead is spent: a second submit creates nothing.
 */

export const EMAIL_PIN_LENGTH = 6;
export const EMAIL_PIN_TTL_MINUTES = 30;
export const EMAIL_PIN_MAX_TRIES = 5;
/** How long a new trial (sign-up or opt-in) runs. */
export const TRIAL_DAYS = 14;
/** A lead older than this cannot be continued (spec 001 section 9: the sign-up draft expires after 24 hours). */
export const LEAD_TTL_HOURS = 24;

/** Sales channels of the journeys (spec 001 section 3: channel Buy Now or Self Sign Up). */
export const SIGNUP_CHANNELS = [BUY_NOW_CHANNEL, 'Self Sign Up'] as const;
export type SignupChannel = (typeof SIGNUP_CHANNELS)[number];

/** Allowed sign-up trial versions (spec 001 section 9: only a). */
export const ALLOWED_TRIAL_VERSIONS = ['a'] as const;

/**
 * The trial version (spec 001 section 4): the stored or given one; always 'a' for Buy Now; a
 * random allowed one when missing or not allowed.
 * @example resolveTrialVersion({ stored: null, given: 'z', channel: 'Self Sign Up' }) // 'a'
 */
export function resolveTrialVersion(input: {
  stored?: string | null;
  given?: string | null;
  channel: string;
  random?: () => number;
}): string {
  if (input.channel === BUY_NOW_CHANNEL) return 'a';
  const candidate = input.stored ?? input.given ?? null;
  if (candidate !== null && (ALLOWED_TRIAL_VERSIONS as readonly string[]).includes(candidate)) return candidate;
  const random = input.random ?? Math.random;
  return ALLOWED_TRIAL_VERSIONS[Math.floor(random() * ALLOWED_TRIAL_VERSIONS.length)] ?? 'a';
}

/** The sign-up page of a channel (spec 001 section 4: buy-now page for Buy Now, otherwise the trial page). */
export function signupPathFor(channel: string): '/buynow/signup' | '/trial/signup' {
  return channel === BUY_NOW_CHANNEL ? '/buynow/signup' : '/trial/signup';
}

/** Free e-mail domains (spec 001 section 5). */
export const FREE_EMAIL_DOMAINS = ['gmail', 'hotmail', 'outlook', 'yahoo', 'icloud'] as const;

/**
 * Whether an address is at a free e-mail service: its domain's first label is one of
 * FREE_EMAIL_DOMAINS, whatever the country ending (gmail.com, yahoo.co.uk, hotmail.fr).
 * @example isFreeEmail('sam@yahoo.co.uk') // true; isFreeEmail('sam@gmail-tools.com') // false
 */
export function isFreeEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  const first = domain.split('.')[0] ?? '';
  return (FREE_EMAIL_DOMAINS as readonly string[]).includes(first);
}

export const signupMessages = {
  journeyExpired: 'This sign-up has expired or is not valid. Please start again.',
  emailNotVerified: 'Confirm your email address with the PIN we sent first',
  pinWrong: 'Incorrect PIN. Check the email we sent you and try again',
  pinExpired: 'This PIN has expired. Ask for a new one',
  pinTooManyTries: 'Too many incorrect PINs. Ask for a new one',
  pinSent: 'We have emailed you a 6-digit PIN. It works for 30 minutes.',
  emailVerified: 'Your email address is confirmed.',
  alreadyDone: 'Your account is already set up. Sign in to continue.',
  accountExists: 'An account already uses this email address. Sign in to continue.',
  businessNameRequired: 'Enter your business name',
  postcodeInvalid: 'Enter a UK postcode, like SW1A 1AA',
  promoInvalid: 'This promo code is not valid',
  promoRequired: 'Enter a promo code',
  smsGlobalCap: 'We cannot send text messages just now. Try again later, or continue without verifying your mobile.',
  mobileValid: 'This is a UK mobile number',
  trialAlready: 'This account already has a cloud phone, so it cannot start a trial',
  maintenance: 'Under maintenance',
  tariffRequired: 'Choose an international calling plan, or none',
  finishDetailsFirst: 'Finish your details first: your phone is made when you do',
  noNumber: 'We have no phone numbers to give just now. Please try again in a few minutes, or call us.',
} as const;

const NameField = (message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(100, 'Must be 100 characters or fewer'), storableName());

/** The journey token every call of a journey sends. */
export const JourneyToken = z
  .string({ error: signupMessages.journeyExpired })
  .check(z.minLength(20, signupMessages.journeyExpired), z.maxLength(200, signupMessages.journeyExpired));

export const PromoCode = z
  .string({ error: signupMessages.promoRequired })
  .check(z.trim(), z.minLength(1, signupMessages.promoRequired), z.maxLength(40, signupMessages.promoInvalid));

/** POST /api/v3/signup/create-lead/: who is signing up, and through which journey. */
export const CreateLeadRequest = z.object({
  email: Email,
  first_name: NameField('Enter your first name'),
  last_name: NameField('Enter your last name'),
  business_name: NameField(signupMessages.businessNameRequired),
  channel: z.enum(SIGNUP_CHANNELS, 'Choose a channel: Buy Now or Self Sign Up'),
  trial_version: z.optional(z.nullable(z.string().check(z.maxLength(10)))),
  promo_code: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(40, signupMessages.promoInvalid)))),
});
export type CreateLeadRequest = z.input<typeof CreateLeadRequest>;

export const Lead = z.object({
  token: z.string(),
  email: z.string(),
  channel: z.enum(SIGNUP_CHANNELS),
  trial_version: z.string(),
  is_free_email: z.boolean(),
  promo_code: z.nullable(z.string()),
  detail: z.string(),
});
export type Lead = z.infer<typeof Lead>;

/** POST /auth/email/verify/: the PIN e-mailed to the lead's address. */
export const EmailVerifyRequest = z.object({
  token: JourneyToken,
  pin: z.string({ error: 'Enter the PIN' }).check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit PIN from the email')),
});
export const EmailVerifyResponse = z.object({ detail: z.string(), email_verified: z.boolean() });

/** GET /api/v1/signup/tools/phone-number/validate/ (spec 001 section 5: reads valid and message.mobile_number[0]). */
export const PhoneValidateQuery = z.object({ mobile_number: z.string().check(z.maxLength(40)) });
export const PhoneValidateResponse = z.object({
  valid: z.boolean(),
  mobile_number: z.nullable(z.string()),
  message: z.object({ mobile_number: z.array(z.string()) }),
});
export type PhoneValidateResponse = z.infer<typeof PhoneValidateResponse>;

/** The message a mobile number breaks, or undefined (the same rule the validate call answers). */
export function mobileProblem(value: string): string | undefined {
  if (value.trim() === '') return mobileMessages.required;
  return nationalUkMobile(value) ? undefined : mobileMessages.invalid;
}

/**
 * UK postcode (spec 001 section 5), the same rule as address.ts's UK_POSTCODE_PATTERN: written out
 * here because importing address.ts would make it a chunk of its own beside every page (bundle budget).
 */
export const BUSINESS_POSTCODE_PATTERN = /^[A-Z]{1,2}[0-9A-Z]{1,2} ?[0-9][A-Z]{2}$/i;

/** GET api/v1/signup/promo/?code=: the spec shows no fields; ours. */
export const PromoQuery = z.object({ code: PromoCode });
export const PromoResult = z.object({
  code: z.string(),
  valid: z.boolean(),
  description: z.string(),
  trial_days: z.int(),
});
export type PromoResult = z.infer<typeof PromoResult>;

/**
 * A product's provisioning as the sign-up reads it (GET /api/v1/signup/{id}/provisioning-status/,
 * upgrade.ts's ProvisioningStatus, which answers more): the fields the sign-up's progress shows.
 * Its own schema, so the sign-up pages do not share the upgrade's contract chunk (bundle budget).
 */
export const SignupProvisioningStatus = z.object({
  product_id: z.int(),
  status: z.enum(['pending', 'provisioning', 'provisioned', 'failed']),
  provisioned: z.boolean(),
  progress: z.int(),
  step: z.nullable(z.string()),
  detail: z.nullable(z.string()),
});
export type SignupProvisioningStatus = z.infer<typeof SignupProvisioningStatus>;

/** POST /api/v1/signup/create-password/: the last step; creates the customer. */
/**
 * A cross-field check's `when`: it runs once the fields it compares are valid themselves, whatever the state of
 * the form's other fields (zod's default skips it while any field has a problem), so a form reports every
 * problem at once, not the password mismatch only after the PIN is fixed.
 */
const whenValid =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));

export const CreatePasswordRequest = z
  .object({
    token: JourneyToken,
    password1: NewPassword,
    password2: z
      .string({ error: passwordMessages.confirmRequired })
      .check(z.minLength(1, passwordMessages.confirmRequired)),
    /** The PIN of the phone apps and desk phones (contract/src/pin.ts). */
    pin: Pin,
    mobile_number: z.pipe(
      z
        .string({ error: mobileMessages.required })
        .check(z.trim(), z.minLength(1, mobileMessages.required), z.maxLength(20, mobileMessages.invalid)),
      z.string().check(z.refine((value) => nationalUkMobile(value) !== null, mobileMessages.invalid)),
    ),
    /** The business address, asked when the e-mail address is a free one (businessAddressOf): postcode, line 1, line 2, town/city, county. */
    business_postcode: z.optional(z.string().check(z.trim(), z.maxLength(10, signupMessages.postcodeInvalid))),
    business_address: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Must be 200 characters or fewer'))),
    business_line_two: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Must be 200 characters or fewer'))),
    business_city: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Must be 200 characters or fewer'))),
    business_county: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Must be 200 characters or fewer'))),
  })
  .check(
    z.refine((value) => value.password1 === value.password2, {
      message: passwordMessages.mismatch,
      path: ['password2'],
      when: whenValid('password1', 'password2'),
    }),
    z.refine((value) => !value.business_postcode || BUSINESS_POSTCODE_PATTERN.test(value.business_postcode), {
      message: signupMessages.postcodeInvalid,
      path: ['business_postcode'],
      when: whenValid('business_postcode'),
    }),
  );

/** The details form's business address fields, by the installation address field each one gives. */
export const BUSINESS_ADDRESS_FIELDS = {
  post_code: 'business_postcode',
  line_one: 'business_address',
  line_two: 'business_line_two',
  city: 'business_city',
  county: 'business_county',
} as const satisfies Record<keyof InstallationAddressInput, keyof CreatePasswordRequest>;

/**
 * The business address of the details form as an installation address, checked by the spec's rules
 * (spec 000 section 5: postcode, line 1, town/city and county required): the address, or the
 * messages by the form's field names. Null when none of it was given and it is not `required` (a free
 * e-mail address says nothing of the business, so it is required then).
 */
export function businessAddressOf(
  body: Partial<Record<(typeof BUSINESS_ADDRESS_FIELDS)[keyof typeof BUSINESS_ADDRESS_FIELDS], string>>,
  required: boolean,
): { address: z.output<typeof InstallationAddressInput> } | { errors: Record<string, string[]> } | null {
  const given = Object.fromEntries(
    Object.entries(BUSINESS_ADDRESS_FIELDS).map(([field, name]) => [field, body[name]?.trim() ?? '']),
  );
  if (!required && Object.values(given).every((value) => value === '')) return null;
  const parsed = InstallationAddressInput.safeParse(given);
  if (parsed.success) return { address: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const name = BUSINESS_ADDRESS_FIELDS[issue.path[0] as keyof typeof BUSINESS_ADDRESS_FIELDS];
    (errors[name] ??= []).push(issue.message);
  }
  return { errors };
}
export type CreatePasswordRequest = z.input<typeof CreatePasswordRequest>;

export const CreatePasswordResponse = z.object({
  /** The new user's token key (Authorization: Token {key}). */
  key: z.string(),
  account_id: z.int(),
  product_id: z.int(),
  provisioning: SignupProvisioningStatus,
  /**
   * A buy-now's number selection token (scope customer-number-selection), also e-mailed as the
   * /number-select link: the journey offers the choice at once, the e-mail to choose later. Null for a trial.
   */
  number_selection_token: z.nullable(z.string()),
});
export type CreatePasswordResponse = z.infer<typeof CreatePasswordResponse>;

/**
 * An international calling tariff as the trial offers it: phone-setup.ts's InternationalTariff (the account add-ons
 * page's), the same catalogue from the same server, written again in zod/mini so the sign-up pages do not load
 * the phone-setup contract (bundle budget).
 */
export const SignupIntlTariff = z.object({
  id: z.int(),
  name: z.string(),
  standard_price: z.string(),
  price_with_vat: z.string(),
  description: z.string(),
});
export type SignupIntlTariff = z.infer<typeof SignupIntlTariff>;

/** A tariff's monthly price as both pages say it. @example monthlyPriceWithVat({ price_with_vat: '6.00' }) // '£6.00 a month including VAT' */
export const monthlyPriceWithVat = (tariff: { price_with_vat: string }) =>
  `${displayPrice(tariff.price_with_vat)} a month including VAT`;

/** POST /api/v3/signup/intl-calls/ (ours): the trial's international calling choice (a tariff's id), or none (null). */
export const IntlCallsRequest = z.object({
  token: JourneyToken,
  tariff_id: z.nullable(z.int(signupMessages.tariffRequired)),
});
export const IntlCallsResponse = z.object({ detail: z.string(), tariff: z.nullable(SignupIntlTariff) });

/** The server's sign-up settings (spec 000 section 9: environment flags). */
export const SignupSettings = z.object({
  maintenance_mode: z.boolean(),
  signup_redirect_to_trial: z.boolean(),
  voip3_signup: z.boolean(),
});
export type SignupSettings = z.infer<typeof SignupSettings>;

/** POST /api/v3/accounts/{accountId}/start-voip-trial/: optional data; ours. */
export const StartVoipTrialRequest = z.object({
  product_detail: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export const StartedTrial = z.object({
  account_id: z.int(),
  product_id: z.int(),
  ends_at: z.string(),
  provisioning: SignupProvisioningStatus,
});
export type StartedTrial = z.infer<typeof StartedTrial>;

const AccountParams = z.object({ accountId: idText('Unknown account') });

export const signupEndpoints = {
  signupSettings: endpoint({
    method: 'GET',
    path: '/api/v1/signup/settings/',
    auth: false,
    summary: "The server's sign-up flags: maintenance mode, sign-up redirect to trial, VoIP3 sign-up",
    response: SignupSettings,
  }),
  createLead: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v3/signup/create-lead/',
    auth: false,
    status: 201,
    summary: 'Starts (or restarts) a trial or buy-now sign-up: e-mails a PIN and answers the journey token',
    body: CreateLeadRequest,
    response: Lead,
  }),
  emailVerify: endpoint({
    method: 'POST',
    path: '/auth/email/verify/',
    auth: false,
    summary: "Checks the PIN e-mailed to a sign-up's address",
    body: EmailVerifyRequest,
    response: EmailVerifyResponse,
  }),
  phoneNumberValidate: endpoint({
    method: 'GET',
    path: '/api/v1/signup/tools/phone-number/validate/',
    auth: false,
    summary: 'Whether a number is a UK mobile number',
    query: PhoneValidateQuery,
    response: PhoneValidateResponse,
  }),
  signupPromo: endpoint({
    method: 'GET',
    path: '/api/v1/signup/promo/',
    auth: false,
    summary: 'A promo code: whether it is valid and what it gives; 404 when unknown',
    query: PromoQuery,
    response: PromoResult,
  }),
  createPassword: endpoint({
    method: 'POST',
    path: '/api/v1/signup/create-password/',
    auth: false,
    status: 201,
    summary:
      "Ends a sign-up: creates the customer and its cloud phone, starts provisioning; the key is the new user's token",
    body: CreatePasswordRequest,
    response: CreatePasswordResponse,
  }),
  signupIntlTariffs: endpoint({
    method: 'GET',
    path: '/api/v3/signup/intl-calls/',
    auth: false,
    summary: 'The international calling tariffs a trial may choose: the account add-ons catalogue, in the spec order',
    response: z.object({ results: z.array(SignupIntlTariff) }),
  }),
  signupIntlCalls: endpoint({
    method: 'POST',
    path: '/api/v3/signup/intl-calls/',
    auth: false,
    summary: "Gives a trial sign-up's new phone its international calling tariff (or none)",
    body: IntlCallsRequest,
    response: IntlCallsResponse,
  }),
  startVoipTrial: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v3/accounts/:accountId/start-voip-trial/',
    auth: true,
    status: 201,
    summary: 'An existing customer starts an opt-in trial of a cloud phone',
    params: AccountParams,
    body: StartVoipTrialRequest,
    response: StartedTrial,
  }),
};
