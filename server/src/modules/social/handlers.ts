import { timingSafeEqual } from 'node:crypto';
import { generateCodeVerifier, generateState } from 'arctic';
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

import { detailError, tooManyRequests } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import {
  hashKey,
  hitRateLimit,
  issueToken,
  SocialExchangeError,
  unusablePasswordHash,
  type SocialClient,
  type SocialProfile,
} from '../identity/index.ts';
import type { SocialRepository } from './social-repository.ts';

const STATE_TTL_MS = OAUTH_STATE_TTL_MINUTES * 60 * 1000;
/** Sign-ins started per client address in a window: each one stores a row, so a script may not start millions. */
const STARTS_PER_WINDOW = 60;
const START_WINDOW_MS = 10 * 60 * 1000;
/** Spent and expired states are deleted this long after they expire. */
const STATE_KEPT_MS = 24 * 60 * 60 * 1000;
/** Names are stored as the profile page allows them (contract/src/account.ts). */
const MAX_NAME_LENGTH = 100;

/**
 * The state is bound to the browser that started the sign-in: a short-lived HttpOnly cookie
 * holds the latest one it started, and the callback's state must match it. A state carried to
 * another browser (a link sent to a victim, a login CSRF) has no cookie there and is refused.
 */
const STATE_COOKIE = 'oauth_state';
/** The cookie goes only to the call that spends the state: POST /auth/{provider}/, or the self sign-up's. */
const cookiePathOf = (page: string) => (page === 'ssu' ? SSU_SOCIAL_COOKIE_PATH : '/auth/');

function setStateCookie(request: FastifyRequest, reply: FastifyReply, state: string, page: string) {
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

const clip = (name: string) => [...name.trim()].slice(0, MAX_NAME_LENGTH).join('');

/** The client of a provider, or a 400 when it has none (not configured, sandbox off). */
function clientOf(request: FastifyRequest, provider: SocialProvider): SocialClient {
  const client = request.server.social[provider];
  if (!client) throw detailError(400, socialMessages.notAvailable(socialProviderNames[provider]));
  return client;
}

/**
 * The user a provider's profile signs in as (contract/src/social.ts): the identity's linked
 * user; else, for an e-mail the provider verified, the account with that e-mail (linked now)
 * or a new one. Throws a 400 when the profile cannot sign anyone in.
 */
async function userForProfile(
  repository: SocialRepository,
  provider: SocialProvider,
  profile: SocialProfile,
  now: Date,
) {
  return repository.inTransaction(async (q) => {
    const linked = await q.linkedUser(provider, profile.subject);
    if (linked) {
      await q.touchIdentity(provider, profile.subject, now);
      return linked;
    }

    const email = verifiedEmailOf(provider, profile);

    // Nobody knows this password: the account signs in through the provider (or a password reset).
    const unusablePassword = await unusablePasswordHash();
    let user = await q.userByEmail(email);
    // Staff can act on every customer's account: a provider's word for the address is not enough.
    if (user?.isStaff) throw detailError(400, socialMessages.staffAccount);
    if (user && !user.emailVerified) {
      // Whoever set this account's password never proved the address was theirs; its owner just did.
      user = await q.confirmAddress(user.id, unusablePassword, now);
    }
    if (!user) {
      // Another sign-in may create the same address at the same moment: then theirs is the account.
      user = await q.createUser({
        email,
        passwordHash: unusablePassword,
        firstName: clip(profile.givenName),
        lastName: clip(profile.familyName),
      });
    }
    if (!user) throw new Error(`user ${email} neither found nor created`);
    await q.link({ provider, subject: profile.subject, userId: user.id, email, now });
    return user;
  });
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
  const spent = await request.server.socialRepository.spendState(hashKey(body.state), provider, now);
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

export const socialHandlers = {
  socialAuthorizationUrl: async ({ params, query, request, reply }) => {
    const { db } = request.server;
    const now = request.server.now();
    const client = clientOf(request, params.provider);
    const retryAfter = await hitRateLimit(
      db,
      [{ bucket: 'social_sign_in_start_ip', key: request.ip, limit: STARTS_PER_WINDOW }],
      START_WINDOW_MS,
      now,
    );
    if (retryAfter !== null) throw tooManyRequests(socialMessages.tooManyRequests, retryAfter);

    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    await request.server.socialRepository.startState(
      {
        stateHash: hashKey(state),
        provider: params.provider,
        page: query.page ?? 'login',
        codeVerifier,
        createdAt: now,
        expiresAt: new Date(now.getTime() + STATE_TTL_MS),
      },
      new Date(now.getTime() - STATE_KEPT_MS),
    );
    setStateCookie(request, reply, state, query.page ?? 'login');
    reply.header('cache-control', 'no-store');
    return { authorization_url: client.authorizationUrl(state, codeVerifier).toString(), state };
  },

  socialLogin: async ({ params, body, request, reply }) => {
    const now = request.server.now();
    const { provider } = params;
    const profile = await spendStateForProfile(request, reply, provider, body, 'sign-in');
    const user = await userForProfile(request.server.socialRepository, provider, profile, now);
    reply.header('cache-control', 'no-store');
    return { key: await issueToken(request.server.db, user.id, now) };
  },
} satisfies Pick<Handlers, 'socialAuthorizationUrl' | 'socialLogin'>;
