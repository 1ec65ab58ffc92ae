// zod/mini: the social sign-in pages load these; they never load with the login page itself.
import * as z from 'zod/mini';

import { LoginResponse } from './auth.ts';
import { endpoint } from './endpoint.ts';

/**
 * Social sign-in (spec 000 sections 2, 4 and 7): OAuth 2.0 authorization code with
 * `state`, and PKCE where the provider takes it.
 *
 * 1. The SPA's /auth/{page}/{provider}/ asks GET /auth/accesstoken/{provider}/?page={page}.
 *    The server makes a random `state` and a PKCE code verifier, keeps them for
 *    OAUTH_STATE_TTL_MINUTES, and answers the provider's authorization URL and the state.
 *    The SPA keeps the state in this tab (sessionStorage) and goes to the URL.
 * 2. The provider sends the person back to /login?code=...&state=... (the callback). A state
 *    missing or not the one this tab kept: the SPA goes back to sign in, silently, with no
 *    request (spec 000 section 4). Otherwise it POSTs /auth/{provider}/ {code, state}.
 * 3. The server spends the state (once, before it expires, for the same provider), exchanges
 *    the code with its verifier, reads the person's e-mail and name from the provider, and
 *    answers a token `key` as POST /auth/login/ does.
 *
 * Where the spec is silent, these are our decisions:
 * - The account: a provider identity already linked (provider + subject) signs in as its
 *   user. Otherwise the provider must vouch for the e-mail (verified): an account with that
 *   e-mail signs in and is linked; else a new account is made, its e-mail verified, with no
 *   password anyone knows (a password reset gives it one).
 * - An existing account whose e-mail was never confirmed, taken by a verified social sign-in:
 *   its e-mail becomes verified and its password and sessions are revoked, since whoever set
 *   that password never proved they own the address.
 * - Every failure of POST /auth/{provider}/ is a 400 `{detail}` with one of socialMessages.
 * - `page` (login or register) is where the journey began; both sign in or create alike.
 */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'linkedin'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The pages a social sign-in may start from: /auth/login/{provider}/ and /auth/register/{provider}/. */
export const SOCIAL_PAGES = ['login', 'register'] as const;
export type SocialPage = (typeof SOCIAL_PAGES)[number];

/**
 * Where a sign-in with a provider may start: the two pages, and the self sign-up's details step ('ssu', the
 * spec's auth/register/ssu), whose state only POST /api/v5/signup/auth/google/ may spend.
 */
export const SOCIAL_START_PAGES = [...SOCIAL_PAGES, 'ssu'] as const;
export type SocialStartPage = (typeof SOCIAL_START_PAGES)[number];
/** The path the state cookie of a self sign-up with a provider is sent to (POST /api/v5/signup/auth/{provider}/). */
export const SSU_SOCIAL_COOKIE_PATH = '/api/v5/signup/auth/';

/** How long a state (and its code verifier) may wait for the provider's answer. */
export const OAUTH_STATE_TTL_MINUTES = 10;

/** The providers' names as people know them. */
export const socialProviderNames: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
};

/** Whether a value (a route parameter) names one of the providers; anything else does nothing (spec 001). */
export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** Whether a value names a page a social sign-in may start from. */
export function isSocialPage(value: unknown): value is SocialPage {
  return typeof value === 'string' && (SOCIAL_PAGES as readonly string[]).includes(value);
}

export const socialMessages = {
  unknownProvider: 'Choose Google, Facebook or LinkedIn to sign in with.',
  unknownPage: 'Start signing in from the sign in or the create an account page.',
  notAvailable: (provider: string) =>
    `Signing in with ${provider} is not available at the moment. Sign in with your email address and password.`,
  stateRequired: 'The sign-in is missing its state. Start again.',
  codeRequired: 'The sign-in is missing its authorisation code. Start again.',
  stateOtherBrowser: (provider: string) =>
    `This sign-in with ${provider} was started in another browser, or this browser did not keep its cookie. Start again here.`,
  stateInvalid: (provider: string) =>
    `This sign-in with ${provider} is not valid or has already been used. Start again.`,
  stateExpired: (provider: string) =>
    `Signing in with ${provider} took more than ${OAUTH_STATE_TTL_MINUTES} minutes. Start again.`,
  codeRefused: (provider: string) => `${provider} did not confirm your sign-in. Start again.`,
  providerUnreachable: (provider: string) => `We could not reach ${provider}. Try again later.`,
  noEmail: (provider: string) =>
    `Your ${provider} account did not share an email address with us. Sign in with your email address and password instead.`,
  emailNotVerified: (provider: string) =>
    `Your ${provider} account has not confirmed its email address. Confirm it with ${provider}, or sign in with your email address and password.`,
  tooManyRequests: 'Too many sign-in attempts. Wait a few minutes, then try again.',
  staffAccount: 'Staff accounts sign in with their email address and password.',
  /** A state started for one journey (sign in, or the self sign-up) brought to the other's call. */
  otherJourney: (provider: string) => `This sign-in with ${provider} was started for another page. Start again.`,
} as const;

export const SocialProviderParams = z.object({
  provider: z.enum(SOCIAL_PROVIDERS, { error: socialMessages.unknownProvider }),
});

export const SocialAuthorizationQuery = z.object({
  page: z.optional(z.enum(SOCIAL_START_PAGES, { error: socialMessages.unknownPage })),
});
export type SocialAuthorizationQuery = z.infer<typeof SocialAuthorizationQuery>;

export const SocialAuthorizationResponse = z.object({
  /** The provider's authorization endpoint, with client id, redirect URI, scopes, state and PKCE challenge. */
  authorization_url: z.string(),
  /** The state the provider will send back to /login; the SPA keeps it to compare. */
  state: z.string(),
});
export type SocialAuthorizationResponse = z.infer<typeof SocialAuthorizationResponse>;

export const SocialLoginRequest = z.object({
  code: z
    .string({ error: socialMessages.codeRequired })
    .check(z.minLength(1, socialMessages.codeRequired), z.maxLength(2048, socialMessages.codeRequired)),
  state: z
    .string({ error: socialMessages.stateRequired })
    .check(z.minLength(1, socialMessages.stateRequired), z.maxLength(200, socialMessages.stateRequired)),
});
export type SocialLoginRequest = z.infer<typeof SocialLoginRequest>;

export const socialEndpoints = {
  socialAuthorizationUrl: endpoint({
    answers: ['throttled'],
    method: 'GET',
    path: '/auth/accesstoken/:provider/',
    summary:
      "Starts a social sign-in: a new state and PKCE verifier (kept 10 minutes) and the provider's authorization URL (throttled)",
    auth: false,
    params: SocialProviderParams,
    query: SocialAuthorizationQuery,
    response: SocialAuthorizationResponse,
  }),
  socialLogin: endpoint({
    method: 'POST',
    path: '/auth/:provider/',
    summary:
      'Ends a social sign-in: spends the state, exchanges the code with the provider, signs in (or creates) the account of its verified e-mail; answers the token key',
    auth: false,
    params: SocialProviderParams,
    body: SocialLoginRequest,
    response: LoginResponse,
  }),
};
