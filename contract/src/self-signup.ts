// zod/mini: the self sign-up, online sign-up, verify-mobile and referral pages load these on demand.
import * as z from 'zod/mini';

import { displayPrice } from '@portal/editor-core';

import { MobileNumber } from './account.ts';
import { Email } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { NewPasswordPair } from './passwords.ts';
import { PinWithConfirmation } from './pin.ts';
import { SocialLoginRequest } from './social.ts';
import { storableName } from './text.ts';
import { ProvisioningStatus } from './upgrade.ts';

/**
 * Self sign-up (spec 000 section 2; spec 001 sections 3 "Signup draft", 4 "Signup sections",
 * 7 "Signup and trial"): a visitor picks what they need, a number and gives their details; a
 * lead keyed by its ssu_details_token holds them on the server. The spec names the calls and
 * the lead's answer fields; the rest is our design:
 *
 * - create-lead (v4 creates; v5 creates, or updates when it carries ssu_details_token) keeps
 *   one open lead per e-mail address (a second create for the address replaces the first) and
 *   e-mails a 6-digit PIN (30 minutes, 5 tries).
 * - verify-pin proves the address: it creates the customer (account, user, cloud phone with
 *   the chosen number; never a second account for an address that has one: 409
 *   `existing_user`, the existing-user dialog), starts the phone's provisioning job and
 *   answers a session `key` (the journey keeps it and sends it as the token header of
 *   create-pin; the browser is signed in with it at the end). Asked again with the same PIN it
 *   answers the same customer: a double submit creates nothing twice.
 * - Once verified, the mobile number gets a text with a link to /verify-mobile-number.
 * - Numbers come from the numbers area (contract/src/numbers.ts): the pages search its inventory
 *   (GET /api/v1/voip/numbers/, shown by `numbersToShow`), and chosen_number must be one of it
 *   that no one has (else 400 on chosen_number). Nothing is held while the lead is open:
 *   verify-pin (or Google) reserves it for the new phone with the numbers area's one reservation
 *   rule (the sign-up token's product, spec 001 section 6), in the transaction that makes the
 *   customer; a number taken meanwhile makes nothing and answers 400 on chosen_number.
 * - Google instead of the e-mailed PIN (POST /api/v5/signup/auth/google/; the details step's "Sign up with
 *   Google", through /auth/register/ssu): Google vouches for the e-mail address and gives the name; the
 *   business name and mobile come from the form. The call spends a state started with page 'ssu' (one use,
 *   this browser only, as every social sign-in) and, as verify-pin does, makes the customer once (409
 *   `existing_user` for an address that has an account), links the Google identity to the new user (later
 *   sign-ins with Google work) and answers the lead with its session key.
 * - GET /registration/?key= (spec 001 section 7, "key logs in"; the online sign-up guard's "verified with the
 *   stored verify key"): the key verify-pin answered (the draft's verifyKey) is checked: a live session of a
 *   sign-up customer answers 200 with the key and its customer, so the journey may go on signed in; a key
 *   that no longer works (expired, signed out) is a 401 and the journey asks for the PIN again.
 * - Referrals (/referrals): a signed-in customer's personal link (/signup?ref={code}); a lead
 *   started from it counts as a referral of theirs.
 */

export const SIGNUP_FEATURES = [
  'Lower costs',
  'Sound professional',
  'Landline number',
  'More features',
  'Work remotely',
  'Replace mobile',
] as const;
export type SignupFeature = (typeof SIGNUP_FEATURES)[number];

/** A supplier a sign-up can be for: 2 (/signup) or 3 (/signup-voip3, /signup-voip3-b). */
export const SignupSupplier = z.union([z.literal(2), z.literal(3)], { error: 'Choose supplier 2 or 3' });

/**
 * Whether new sign-ups for a supplier are open: voip3 (supplier 3) only while the environment's "VoIP3 sign-up" flag
 * is on (spec 000 section 9; PORTAL_VOIP3_SIGNUP, answered by GET /api/v1/signup/settings/ as voip3_signup). The
 * server refuses a closed supplier's lead; the pages send its journey to /signup.
 */
export const signupOpenFor = (supplier: number, voip3Signup: boolean): boolean => supplier !== 3 || voip3Signup;

/** How long the e-mailed PIN may be used; how many wrong tries it takes. */
export const SIGNUP_PIN_TTL_MINUTES = 30;
export const SIGNUP_PIN_ATTEMPTS = 5;

export const selfSignupMessages = {
  leadNotFound: 'This sign-up link is not valid. Start your sign-up again.',
  tokenRequired: 'The sign-up is missing its ssu_details_token. Start your sign-up again.',
  alreadyCustomer: 'This sign-up is finished: sign in to your account.',
  pinRequired: 'Enter the 6-digit PIN we emailed you',
  pinIncorrect: 'That PIN is not right. Check the email we sent you and try again.',
  pinExpired: 'That PIN has expired. Ask for a new one.',
  pinTooManyTries: 'Too many wrong PINs. Ask for a new one.',
  existingUser: 'You already have an account with us. Sign in instead.',
  addressInSignup:
    'A sign-up for this email address is already under way. Use the PIN we emailed to it, or another address.',
  numberUnavailable: 'That number is no longer available. Choose another.',
  numberRequired: 'Choose a number',
  notVerified: 'Confirm your email address with the PIN first.',
  notSignupCustomer: 'This account has no sign-up to finish.',
  verifyLinkInvalid: 'This link is not valid or has expired.',
  firstName: 'Enter your first name',
  lastName: 'Enter your last name',
  businessName: 'Enter your business name',
  featuresRequired: 'Choose at least one thing you need',
  notCustomer: 'Only customers have a referral link.',
  keyInvalid: 'Your sign-up session has ended. Enter the PIN from the email again.',
  voip3Closed: 'Sign-up for this cloud phone is not open. Start at /signup instead.',
  passwordWindowOver:
    'Your sign-up finished more than a day ago. Set a password with "Forgot your password?" on the sign-in page.',
  passwordSet: 'Your password is set.',
} as const;

/** How long after its sign-up a new customer may set a first password without the old one (a day, as the draft lives). */
export const SIGNUP_PASSWORD_WINDOW_HOURS = 24;

const name = (message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(100, 'Must be 100 characters or fewer'), storableName());
const Token = z
  .string({ error: selfSignupMessages.tokenRequired })
  .check(z.trim(), z.minLength(1, selfSignupMessages.tokenRequired), z.maxLength(100, selfSignupMessages.leadNotFound));
const Features = z
  .array(z.enum(SIGNUP_FEATURES, { error: `Choose from: ${SIGNUP_FEATURES.join(', ')}` }))
  .check(z.minLength(1, selfSignupMessages.featuresRequired), z.maxLength(SIGNUP_FEATURES.length));
const NumberText = z
  .string({ error: selfSignupMessages.numberRequired })
  .check(z.trim(), z.regex(/^0\d{9,10}$/, selfSignupMessages.numberRequired));
const ReferralCode = z.string().check(z.trim(), z.regex(/^[A-Z0-9]{8}$/, 'Unknown referral code'));

/** The lead as GET /api/v4/signup/lead-details/ answers it (the spec's fields, and what the pages show). */
export const LeadDetails = z.object({
  ssu_details_token: z.string(),
  product_id: z.nullable(z.int()),
  account_id: z.nullable(z.int()),
  user_verified: z.boolean(),
  customer_details_completed: z.boolean(),
  mobile_verified: z.boolean(),
  supplier: z.int(),
  features_to_use: z.array(z.string()),
  chosen_number: z.nullable(z.string()),
  user_data: z.object({
    pilot_number: z.nullable(z.string()),
    email_address: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    business_name: z.string(),
    mobile_number: z.string(),
  }),
});
export type LeadDetails = z.infer<typeof LeadDetails>;

/** POST create-lead: every detail of the sign-up so far; with ssu_details_token (v5) it updates that lead. */
export const SelfSignupLeadRequest = z.object({
  ssu_details_token: z.optional(Token),
  email_address: Email,
  first_name: name(selfSignupMessages.firstName),
  last_name: name(selfSignupMessages.lastName),
  business_name: name(selfSignupMessages.businessName),
  mobile_number: MobileNumber,
  features_to_use: Features,
  chosen_number: NumberText,
  supplier: SignupSupplier,
  referral_code: z.optional(ReferralCode),
});
export type SelfSignupLeadRequest = z.input<typeof SelfSignupLeadRequest>;

export const LeadTokenQuery = z.object({ ssu_details_token: Token });
export const LeadDetailsPatch = z.object({
  first_name: z.optional(name(selfSignupMessages.firstName)),
  last_name: z.optional(name(selfSignupMessages.lastName)),
  business_name: z.optional(name(selfSignupMessages.businessName)),
  mobile_number: z.optional(MobileNumber),
  chosen_number: z.optional(NumberText),
});
export type LeadDetailsPatch = z.input<typeof LeadDetailsPatch>;
export const FeaturesToUseRequest = z.object({ ssu_details_token: Token, features_to_use: Features });
export const VerifyPinRequest = z.object({
  ssu_details_token: Token,
  pin: z
    .string({ error: selfSignupMessages.pinRequired })
    .check(z.trim(), z.regex(/^\d{6}$/, selfSignupMessages.pinRequired)),
});
export const VerifyPinResponse = z.object({
  key: z.string(),
  product_id: z.int(),
  account_id: z.int(),
  user_verified: z.boolean(),
});
export type VerifyPinResponse = z.infer<typeof VerifyPinResponse>;
/** What the details step asks beside the name and e-mail Google gives: checked before leaving for Google. */
export const SsuGoogleDetails = z.object({
  business_name: name(selfSignupMessages.businessName),
  mobile_number: MobileNumber,
});
/** POST /api/v5/signup/auth/google/: Google's code and state, and what the sign-up knows beside the name and e-mail. */
export const SsuGoogleRequest = z.extend(SocialLoginRequest, {
  ...SsuGoogleDetails.shape,
  features_to_use: Features,
  chosen_number: NumberText,
  supplier: SignupSupplier,
  referral_code: z.optional(ReferralCode),
});
export type SsuGoogleRequest = z.input<typeof SsuGoogleRequest>;
export const SsuGoogleResponse = z.extend(LeadDetails, { key: z.string() });
export type SsuGoogleResponse = z.infer<typeof SsuGoogleResponse>;
export const RegistrationKeyQuery = z.object({
  key: z
    .string({ error: selfSignupMessages.keyInvalid })
    .check(z.minLength(1, selfSignupMessages.keyInvalid), z.maxLength(200, selfSignupMessages.keyInvalid)),
});
export const CreatePinResponse = z.object({ product_id: z.int(), pin_set: z.boolean() });
export const VerifyMobileParams = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, selfSignupMessages.verifyLinkInvalid)),
});
export const VerifyMobileResponse = z.object({ mobile_number: z.string(), verified: z.boolean() });

/** What a referrer is credited for each business that counts (ours), in pounds. */
export const REFERRAL_CREDIT = '50.00';

export const REFERRAL_TERMS = [
  `You get ${displayPrice(REFERRAL_CREDIT)} credit on your bill for each business that signs up with your link and stays with us for 3 months.`,
  'The business you refer gets its first month free.',
  'Credit is added to your next bill after their third month; it cannot be exchanged for cash.',
  'Businesses that are already our customers, or that already started a sign-up, do not count.',
  'We may change or end the scheme with 30 days’ notice.',
] as const;
export const Referral = z.object({
  business_name: z.string(),
  status: z.enum(['started', 'signed_up']),
  created_at: z.string(),
});
export const Referrals = z.object({
  code: z.string(),
  link: z.string(),
  terms: z.array(z.string()),
  referrals: z.array(Referral),
});
export type Referrals = z.infer<typeof Referrals>;

export const selfSignupEndpoints = {
  ssuCreateLeadV4: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v4/signup/create-lead/',
    summary: 'Creates a self sign-up lead and e-mails its PIN',
    auth: false,
    body: SelfSignupLeadRequest,
    response: LeadDetails,
    status: 201,
  }),
  ssuCreateLeadV5: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v5/signup/create-lead/',
    summary: 'Creates a self sign-up lead (e-mails its PIN), or updates the one ssu_details_token names',
    auth: false,
    body: SelfSignupLeadRequest,
    response: LeadDetails,
    status: 201,
  }),
  ssuLeadDetails: endpoint({
    method: 'GET',
    path: '/api/v4/signup/lead-details/',
    summary: 'The lead an ssu_details_token names',
    auth: false,
    query: LeadTokenQuery,
    response: LeadDetails,
  }),
  ssuUpdateLeadDetails: endpoint({
    method: 'PATCH',
    path: '/api/v4/signup/lead-details/',
    summary: 'Changes the details of the lead an ssu_details_token names',
    auth: false,
    query: LeadTokenQuery,
    body: LeadDetailsPatch,
    response: LeadDetails,
  }),
  ssuFeaturesToUse: endpoint({
    method: 'PATCH',
    path: '/api/v4/signup/features-to-use/',
    summary: 'What the lead needs the phone for',
    auth: false,
    body: FeaturesToUseRequest,
    response: LeadDetails,
  }),
  ssuVerifyPin: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v5/signup/verify-pin/',
    summary: 'Checks the e-mailed PIN: creates the customer once, starts provisioning, answers a session key',
    auth: false,
    body: VerifyPinRequest,
    response: VerifyPinResponse,
  }),
  ssuGoogle: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v5/signup/auth/google/',
    summary:
      "Self sign-up with Google: spends an 'ssu' state, makes the customer once from Google's verified e-mail and name, answers the lead and a session key",
    auth: false,
    body: SsuGoogleRequest,
    response: SsuGoogleResponse,
  }),
  ssuRegistrationKey: endpoint({
    method: 'GET',
    path: '/registration/',
    summary:
      "Checks a sign-up's stored key (verify-pin's): a live session of a sign-up customer answers the key and its customer; else 401",
    auth: false,
    query: RegistrationKeyQuery,
    response: VerifyPinResponse,
  }),
  ssuCreatePin: endpoint({
    method: 'POST',
    path: '/api/v5/signup/create-pin/',
    summary: "Sets the PIN of the new phone's main user (token header: verify-pin's key)",
    auth: true,
    body: PinWithConfirmation,
    response: CreatePinResponse,
  }),
  ssuCreatePassword: endpoint({
    method: 'POST',
    path: '/api/v5/signup/create-password/',
    summary:
      "Sets the new customer's portal password, to sign in with next time (token header: verify-pin's key; within a day of the sign-up)",
    auth: true,
    body: NewPasswordPair,
    response: z.object({ detail: z.string(), email: z.string() }),
  }),
  ssuProvisioningStatus: endpoint({
    method: 'GET',
    path: '/api/v4/signup/provisioning-status/',
    summary: "The provisioning of the phone a lead's sign-up created",
    auth: false,
    query: LeadTokenQuery,
    response: ProvisioningStatus,
  }),
  ssuVerifyMobile: endpoint({
    method: 'POST',
    path: '/verify-mobile-number/:token/',
    summary: 'Confirms the mobile number a sign-up texted the link to',
    auth: false,
    params: VerifyMobileParams,
    response: VerifyMobileResponse,
  }),
  referrals: endpoint({
    method: 'GET',
    path: '/api/v1/referrals/',
    summary: "The signed-in customer's referral link, the terms and the referrals made",
    auth: true,
    response: Referrals,
  }),
};
