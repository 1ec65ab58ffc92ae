import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

import {
  Email,
  OAUTH_STATE_TTL_MINUTES,
  socialMessages,
  socialProviderNames,
  SSU_SOCIAL_COOKIE_PATH,
  type SocialLoginRequest,
  type SocialProvider,
} from '@portal/contract';

import { detailError } from '../../plugins/errors.ts';
import { hashKey, SocialExchangeError, type SocialClient, type SocialProfile } from '../identity/index.ts';
import { spendOauthState } from './social-repository.ts';

// The provider's part of a social sign-in (contract/src/social.ts): the OAuth state bound to the browser that
// started it, spent once, and the profile the provider gives for its code. The sign-in pages and the self sign-up's
// Google step both end here.

export const STATE_TTL_MS = OAUTH_STATE_TTL_MINUTES * 60 * 1000;

/**
 * The state is bound to the browser that started the sign-in: a short-lived HttpOnly cookie
 * holds the latest one it started, and the callback's state must match it. A state carried to
 * another browser (a link sent to a victim, a login CSRF) has no cookie there and is refused.
 */
const STATE_COOKIE = 'oauth_state';
/** The cookie goes only to the call that spends the state: POST /auth/{provider}/, or the self sign-up's. */
const cookiePathOf = (page: string) => (page === 'ssu' ? SSU_SOCIAL_COOKIE_PATH : '/auth/');

export function setStateCookie(request: FastifyRequest, reply: FastifyReply, state: string, page: string) {
  reply.setCookie(STATE_COOKIE, state, {
    path: cookiePathOf(page),
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: STATE_TTL_MS / 1000,
  });
}

/** Whether the state is the one this browser started: 'no cookie' when it started none (or lost it). */
function browserHolds(request: FastifyRequest, state: string): boolean | 'no cookie' {
  const cookie = request.cookies[STATE_COOKIE];
  if (!cookie) return 'no cookie';
  // Compared as hashes: equal lengths, and in constant time.
  return timingSafeEqual(Buffer.from(hashKey(cookie), 'hex'), Buffer.from(hashKey(state), 'hex'));
}

/** The client of a provider, or a 400 when it has none (not configured, sandbox off). */
export function clientOf(request: FastifyRequest, provider: SocialProvider): SocialClient {
  const client = request.server.social[provider];
  if (!client) throw detailError(400, socialMessages.notAvailable(socialProviderNames[provider]));
  return client;
}

/**
 * Ends the provider's part of a sign-in: checks the state is this browser's, spends it (once, before it expires,
 * for its provider and journey), exchanges the code and answers the person's profile. `journey` is which call
 * may spend the state: a sign-in's (the login and register pages) or the self sign-up's (page 'ssu'), so a state
 * started for one is refused by the other. Every refusal is a 400 with one of socialMessages.
 */
export async function spendStateForProfile(
  request: FastifyRequest,
  reply: FastifyReply,
  provider: SocialProvider,
  body: SocialLoginRequest,
  journey: 'sign-in' | 'ssu',
): Promise<SocialProfile> {
  const now = request.server.now();
  const name = socialProviderNames[provider];
  const client = clientOf(request, provider);

  // Checked before the state is spent, so a refused attempt costs the real sign-in nothing.
  const held = browserHolds(request, body.state);
  if (held === 'no cookie') throw detailError(400, socialMessages.stateOtherBrowser(name));
  if (!held) throw detailError(400, socialMessages.stateInvalid(name));

  // Spent at once, atomically: a state signs in at most once, and only for its own provider.
  // The exchange below runs outside any transaction: the sandbox provider answers it on this server.
  const spent = await spendOauthState(request.server.db, hashKey(body.state), provider, now);
  if (!spent) throw detailError(400, socialMessages.stateInvalid(name));
  if (spent.expiresAt.getTime() <= now.getTime()) throw detailError(400, socialMessages.stateExpired(name));
  if ((spent.page === 'ssu') !== (journey === 'ssu')) throw detailError(400, socialMessages.otherJourney(name));

  let profile: SocialProfile;
  try {
    profile = await client.exchange(body.code, spent.codeVerifier);
  } catch (error) {
    if (!(error instanceof SocialExchangeError)) throw error;
    request.log.warn({ err: error, provider }, 'social sign-in exchange failed');
    throw detailError(
      400,
      error.reason === 'unreachable' ? socialMessages.providerUnreachable(name) : socialMessages.codeRefused(name),
    );
  }
  reply.clearCookie(STATE_COOKIE, { path: cookiePathOf(spent.page) });
  return profile;
}

/** The e-mail a profile's provider vouches for, lower-cased; else a 400 saying why it cannot be used. */
export function verifiedEmailOf(provider: SocialProvider, profile: SocialProfile): string {
  const name = socialProviderNames[provider];
  const parsedEmail = Email.safeParse(profile.email ?? '');
  if (!parsedEmail.success) throw detailError(400, socialMessages.noEmail(name));
  if (!profile.emailVerified) throw detailError(400, socialMessages.emailNotVerified(name));
  return parsedEmail.data.toLowerCase();
}
