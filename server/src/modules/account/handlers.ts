import type { FastifyRequest } from 'fastify';

import { accountMessages, MAGIC_LINK_TTL_MINUTES, RESET_LINK_TTL_MINUTES } from '@portal/contract';

import { greeting, plainMail } from '../../mail/mailer.ts';
import { fieldError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import {
  createOneTimeKey,
  findOneTimeKey,
  hashPassword,
  linkError,
  passwordProblem,
  publicUrl,
  resetPassword,
  sendVerificationEmail,
  signInWithMagicLink,
  unusablePasswordHash,
  userByEmail,
  userById,
  verifyEmailKey,
} from '../identity/index.ts';
import { confirmSignupRegistration } from '../self-signup/index.ts';
import { registerUser } from './account-repository.ts';
import { throttle } from './throttles.ts';
import { uidOf, userIdOfUid } from './uids.ts';

/**
 * The e-mail sign-in journeys: registration, e-mail verification, magic link,
 * password reset, and SMS codes. Every request that names an e-mail address answers the same
 * whether or not it has an account, and is throttled per address and per client before the
 * address is looked up, so neither the answer nor the limit says who is a customer. A mailer
 * that fails is logged, not answered, for the same reason.
 */

/** Sends an e-mail whose failure must not change the answer: logged (without the body), then forgotten. */
async function sendQuietly(request: FastifyRequest, send: () => Promise<void>): Promise<void> {
  // After the answer: a known address must not answer later than an unknown one.
  request.server.runAfterAnswer(async () => {
    try {
      await send();
    } catch (error) {
      request.log.error({ err: error }, 'e-mail not sent');
    }
  });
}

const findUser = (request: FastifyRequest, email: string) => userByEmail(request.server.db, email);

export const accountHandlers = {
  /**
   * A new address gets an account named after the person (with no products yet) and a user
   * who must confirm the address before signing in with the password. An address that is
   * taken gets an e-mail saying so, with the ways in; its password and name are untouched.
   */
  register: async ({ body, request, reply }) => {
    // The sign-up's shape (spec 001 section 7): e-mail and lead token, the verify-pin key in the signup-token header.
    if ('token' in body) return confirmSignupRegistration(request, reply, body);
    const { db, mailer } = request.server;
    const now = request.server.now();
    const email = body.email.toLowerCase();
    const problem = passwordProblem(body.password1, email);
    if (problem) throw fieldError('password1', problem);
    // After the password check: a refused password does not use up the person's tries.
    const quiet = (await throttle(request, 'register', email)) !== null;

    // Hashed whether or not the address is taken, so both answers take as long.
    const passwordHash = await hashPassword(body.password1);
    const created = await registerUser(
      db,
      { email, passwordHash, firstName: body.first_name, lastName: body.last_name },
      `${body.first_name} ${body.last_name}`,
    );

    if (quiet) {
      // Over the address's limit: the same answer, and no more e-mail to that inbox this hour.
    } else if (created) {
      await sendQuietly(request, () => sendVerificationEmail(db, mailer, created, now));
    } else {
      const existing = await findUser(request, email);
      await sendQuietly(request, () =>
        mailer.send(
          plainMail(email, 'You already have an account', [
            greeting(existing?.firstName ?? ''),
            '',
            'Someone, hopefully you, tried to create a Customer Portal account with this email address. You already have one.',
            '',
            `Sign in: ${publicUrl()}/auth/login`,
            `Forgotten your password? Reset it: ${publicUrl()}/auth/password_reset`,
            'Resetting your password also confirms your email address.',
            '',
            'If this was not you, you can ignore this email: nothing has changed.',
          ]),
        ),
      );
    }
    reply.header('cache-control', 'no-store');
    return { detail: accountMessages.registered };
  },

  verifyEmail: async ({ body, request, reply }) => {
    await verifyEmailKey(request.server.db, body.key, request.server.now());
    reply.header('cache-control', 'no-store');
    return { detail: accountMessages.verified };
  },

  requestMagicLink: async ({ body, request, reply }) => {
    const { db, mailer } = request.server;
    const now = request.server.now();
    const email = body.email.toLowerCase();
    const quiet = (await throttle(request, 'magicLink', email)) !== null;
    const user = await findUser(request, email);
    if (user && !quiet) {
      await sendQuietly(request, async () => {
        const key = await createOneTimeKey(db, user.id, 'magic_link', now);
        await mailer.send(
          plainMail(user.email, 'Your sign-in link', [
            greeting(user.firstName),
            '',
            'Open this link to sign in to the Customer Portal:',
            // In the fragment, so the key never reaches a server log or a Referer header.
            `${publicUrl()}/auth/login/signin#key=${key}`,
            '',
            `The link works once, for ${MAGIC_LINK_TTL_MINUTES} minutes.`,
            '',
            'If you did not ask for it, you can ignore this email: nobody can sign in without the link.',
          ]),
        );
      });
    }
    reply.header('cache-control', 'no-store');
    return { detail: accountMessages.magicLinkSent };
  },

  /**
   * Spends the key and signs in; the link came to the inbox, so the address is confirmed too.
   * An account confirmed this way for the first time loses its password and sessions: whoever
   * registered it never proved the address was theirs (someone may have registered another
   * person's address in advance), its owner just did.
   */
  magicLinkLogin: async ({ body, request, reply }) => {
    const now = request.server.now();
    const unusablePassword = await unusablePasswordHash();
    const key = await signInWithMagicLink(request.server.db, body.key, unusablePassword, now);
    reply.header('cache-control', 'no-store');
    return { key };
  },

  passwordReset: async ({ body, request, reply }) => {
    const { db, mailer } = request.server;
    const now = request.server.now();
    const email = body.email.toLowerCase();
    const quiet = (await throttle(request, 'passwordReset', email)) !== null;
    const user = await findUser(request, email);
    if (user && !quiet) {
      await sendQuietly(request, async () => {
        const token = await createOneTimeKey(db, user.id, 'password_reset', now);
        await mailer.send(
          plainMail(user.email, 'Reset your password', [
            greeting(user.firstName),
            '',
            'Open this link to choose a new password for the Customer Portal:',
            `${publicUrl()}/auth/password_reset/${uidOf(user.id)}/${token}`,
            '',
            `The link works once, for ${RESET_LINK_TTL_MINUTES} minutes.`,
            '',
            'If you did not ask for it, you can ignore this email: your password has not changed.',
          ]),
        );
      });
    }
    reply.header('cache-control', 'no-store');
    return { detail: accountMessages.resetSent };
  },

  /**
   * The link is checked first, without spending it, so a refused password can be corrected
   * with the same link. Then, at once: the key is spent, the password set, the address
   * confirmed (the link came to it), every session of the person ended (their own, and any
   * staff session they had switched into a customer) and their other sign-in links spent.
   */
  passwordResetConfirm: async ({ body, request, reply }) => {
    const { db } = request.server;
    const now = request.server.now();
    const found = await findOneTimeKey(db, body.token, 'password_reset', now);
    if (found.problem) throw linkError(found.problem);
    // A key is bound to its user: with another uid it is no key at all.
    if (found.key.userId !== userIdOfUid(body.uid)) throw linkError('invalid');
    const user = await userById(db, found.key.userId);
    if (!user) throw linkError('invalid');
    const problem = passwordProblem(body.new_password1, user.email);
    if (problem) throw fieldError('new_password1', problem);

    const passwordHash = await hashPassword(body.new_password1);
    await resetPassword(db, user, body.token, passwordHash, now);
    await sendQuietly(request, () =>
      request.server.mailer.send(
        plainMail(user.email, 'Your password has been changed', [
          greeting(user.firstName),
          '',
          'The password of your Customer Portal account has just been changed, and every device signed in to it has been signed out.',
          '',
          `If this was not you, reset your password now: ${publicUrl()}/auth/password_reset`,
        ]),
      ),
    );
    reply.header('cache-control', 'no-store');
    return { detail: accountMessages.passwordReset };
  },
} satisfies Pick<
  Handlers,
  'register' | 'verifyEmail' | 'requestMagicLink' | 'magicLinkLogin' | 'passwordReset' | 'passwordResetConfirm'
>;
