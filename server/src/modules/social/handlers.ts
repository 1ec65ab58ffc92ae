import { generateCodeVerifier, generateState } from 'arctic';

import { socialMessages, type SocialProvider } from '@portal/contract';

import type { Database } from '../../db/connect.ts';
import { detailError, tooManyRequests } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import {
  confirmAddress,
  hashKey,
  hitRateLimit,
  issueToken,
  unusablePasswordHash,
  userByEmail,
  type SocialProfile,
} from '../identity/index.ts';
import { clientOf, setStateCookie, spendStateForProfile, STATE_TTL_MS, verifiedEmailOf } from './oauth-states.ts';
import {
  createSocialUser,
  linkSocialIdentity,
  socialLinkedUser,
  startOauthState,
  touchSocialIdentity,
} from './social-repository.ts';

/** Sign-ins started per client address in a window: each one stores a row, so a script may not start millions. */
const STARTS_PER_WINDOW = 60;
const START_WINDOW_MS = 10 * 60 * 1000;
/** Spent and expired states are deleted this long after they expire. */
const STATE_KEPT_MS = 24 * 60 * 60 * 1000;
/** Names are stored as the profile page allows them (contract/src/account.ts). */
const MAX_NAME_LENGTH = 100;

const clip = (name: string) => [...name.trim()].slice(0, MAX_NAME_LENGTH).join('');

/**
 * The user a provider's profile signs in as (contract/src/social.ts): the identity's linked
 * user; else, for an e-mail the provider verified, the account with that e-mail (linked now)
 * or a new one. Throws a 400 when the profile cannot sign anyone in.
 */
async function userForProfile(db: Database, provider: SocialProvider, profile: SocialProfile, now: Date) {
  return db.transaction(async (tx) => {
    const linked = await socialLinkedUser(tx, provider, profile.subject);
    if (linked) {
      await touchSocialIdentity(tx, provider, profile.subject, now);
      return linked;
    }

    const email = verifiedEmailOf(provider, profile);

    // Nobody knows this password: the account signs in through the provider (or a password reset).
    const unusablePassword = await unusablePasswordHash();
    let user = await userByEmail(tx, email);
    // Staff can act on every customer's account: a provider's word for the address is not enough.
    if (user?.isStaff) throw detailError(400, socialMessages.staffAccount);
    if (user && !user.emailVerified) {
      // Whoever set this account's password never proved the address was theirs; its owner just did.
      user = await confirmAddress(tx, user.id, unusablePassword, now);
    }
    if (!user) {
      // Another sign-in may create the same address at the same moment: then theirs is the account.
      user = await createSocialUser(tx, {
        email,
        passwordHash: unusablePassword,
        firstName: clip(profile.givenName),
        lastName: clip(profile.familyName),
      });
    }
    if (!user) throw new Error(`user ${email} neither found nor created`);
    await linkSocialIdentity(tx, { provider, subject: profile.subject, userId: user.id, email, now });
    return user;
  });
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
    await startOauthState(
      db,
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
    const user = await userForProfile(request.server.db, provider, profile, now);
    reply.header('cache-control', 'no-store');
    return { key: await issueToken(request.server.db, user.id, now) };
  },
} satisfies Pick<Handlers, 'socialAuthorizationUrl' | 'socialLogin'>;
