import type { FastifyRequest } from 'fastify';

import { accountMessages, EMAIL_CHANGE_LINK_TTL_MINUTES, passwordMessages } from '@portal/contract';

import { limitCustomerMail } from '../../mail/customer-mail-limit.ts';
import { greeting, type Mailer } from '../../mail/mailer.ts';
import { authOf } from '../../plugins/auth.ts';
import { detailError, fieldError, tooManyRequests } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import {
  applyEmailChange,
  changePassword,
  clearRateLimit,
  emailChangeRequestOf,
  hashKey,
  hashPassword,
  hitRateLimit,
  KEY_PATTERN,
  linkError,
  linkProblemOf,
  meOf,
  newKey,
  passwordProblem,
  publicUrl,
  updateProfile,
  userByEmail,
  verifyPassword,
  type AuthenticatedUser,
} from '../identity/index.ts';

/**
 * The profile page (spec 000 section 7: PATCH /api/v3/me/ and /api/v3/me/password/).
 * - A new e-mail address is not applied at once: it waits in email_change_requests until the
 *   link sent to it is opened (POST /api/v3/me/email/confirm/), so a typo locks nobody out; the
 *   old address is told a change was asked for.
 * - Wrong current passwords are counted per user; over the limit the endpoint answers 429.
 * - Staff viewing a customer may change the name and phone (audited by modules/staff/audit.ts), never
 *   the password or e-mail address.
 * - Passwords are never logged: the error handler logs errors, not bodies.
 */

const MINUTE_MS = 60 * 1000;
export const EMAIL_CHANGE_LINK_LIFETIME_MS = EMAIL_CHANGE_LINK_TTL_MINUTES * MINUTE_MS;

/** Wrong current passwords a user may give in the window, before the change is refused with 429. */
export const MAX_WRONG_PASSWORDS = 5;
export const WRONG_PASSWORD_WINDOW_MS = 15 * MINUTE_MS;
const WRONG_PASSWORD_BUCKET = 'change_password_wrong';

/** Changes of e-mail address a user may ask for per hour: each sends two e-mails. */
export const MAX_EMAIL_CHANGES = 5;
export const EMAIL_CHANGE_WINDOW_MS = 60 * MINUTE_MS;
const EMAIL_CHANGE_BUCKET = 'email_change_request';

/** The link to the new address, and the notice to the old one. The key is only ever in the first. */
async function sendEmailChangeMails(mailer: Mailer, user: AuthenticatedUser, newEmail: string, key: string) {
  await mailer.send({
    to: newEmail,
    subject: 'Confirm your new email address',
    text: [
      greeting(user.firstName),
      '',
      'You asked to use this email address for your Customer Portal account. To confirm it, open this link:',
      `${publicUrl()}/profile-preferences/confirm-email#key=${key}`,
      '',
      `The link works once, for ${EMAIL_CHANGE_LINK_TTL_MINUTES} minutes. Until you open it, you keep signing in with your current address.`,
      '',
      'If you did not ask for this, you can ignore this email.',
    ].join('\n'),
  });
  await mailer.send({
    to: user.email,
    subject: 'Your email address is being changed',
    text: [
      greeting(user.firstName),
      '',
      `Someone asked to change the email address of your Customer Portal account to ${newEmail}.`,
      'Nothing changes until the link we sent to that address is opened.',
      '',
      'If this was not you, sign in and change your password.',
    ].join('\n'),
  });
}

/**
 * Checks the current password of a change that needs it. Every attempt is counted before any
 * password work (a right one clears the count), so attempts sent side by side cannot all pass
 * a check made before the others are counted: 429 past the limit, 400 on `field` when wrong.
 */
async function checkCurrentPassword(
  request: FastifyRequest,
  user: AuthenticatedUser,
  password: string,
  field: string,
): Promise<void> {
  const { db } = request.server;
  const retryAfter = await hitRateLimit(
    db,
    [{ bucket: WRONG_PASSWORD_BUCKET, key: String(user.id), limit: MAX_WRONG_PASSWORDS }],
    WRONG_PASSWORD_WINDOW_MS,
    request.server.now(),
  );
  if (retryAfter !== null) throw tooManyRequests(accountMessages.tooManyPasswordAttempts, retryAfter);
  if (!(await verifyPassword(password, user.passwordHash))) throw fieldError(field, passwordMessages.currentWrong);
  await clearRateLimit(db, WRONG_PASSWORD_BUCKET, String(user.id));
}

export const profileHandlers = {
  patchMe: async ({ body, request }) => {
    const auth = authOf(request);
    const { db } = request.server;
    const now = request.server.now();
    const { user } = auth;
    const newEmail = body.email?.toLowerCase();
    const emailChanges = newEmail !== undefined && newEmail !== user.email;

    if (emailChanges) {
      if (auth.actingUserId !== null) throw detailError(403, accountMessages.notWhileViewing);
      // Counted before the lookup, so the answer cannot be used to test addresses without limit.
      const retryAfter = await hitRateLimit(
        db,
        [{ bucket: EMAIL_CHANGE_BUCKET, key: String(user.id), limit: MAX_EMAIL_CHANGES }],
        EMAIL_CHANGE_WINDOW_MS,
        now,
      );
      if (retryAfter !== null) throw tooManyRequests(accountMessages.tooManyRequests, retryAfter);
      // A session alone (perhaps a stolen one) cannot move the account to another address.
      if (!body.current_password) throw fieldError('current_password', passwordMessages.currentRequired);
      await checkCurrentPassword(request, user, body.current_password, 'current_password');
      const owner = await userByEmail(db, newEmail);
      // Worded so that it does not say whose the address is.
      if (owner) throw fieldError('email', accountMessages.emailTaken);
      // The new address is typed, not proven: its link counts as an e-mail sent on a customer's request, per recipient
      // and per account, as payment links and invitations do.
      if (user.accountId !== null) await limitCustomerMail(request.server, user.accountId, newEmail);
    }

    const changes = {
      ...(body.first_name !== undefined && { firstName: body.first_name }),
      ...(body.last_name !== undefined && { lastName: body.last_name }),
      ...(body.phone !== undefined && { phone: body.phone === '' ? null : body.phone }),
    };
    const key = emailChanges ? newKey() : null;
    const emailChange =
      newEmail !== undefined && key !== null
        ? {
            newEmail,
            keyHash: hashKey(key),
            createdAt: now,
            expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LINK_LIFETIME_MS),
          }
        : null;
    const updated = await updateProfile(db, user, changes, emailChange);
    if (newEmail !== undefined && key !== null)
      await sendEmailChangeMails(request.server.mailer, updated, newEmail, key);
    return meOf(db, { user: updated, actingUser: auth.actingUser }, now);
  },

  changePassword: async ({ body, request }) => {
    const auth = authOf(request);
    if (auth.actingUserId !== null) throw detailError(403, accountMessages.notWhileViewing);
    const now = request.server.now();
    const { user } = auth;

    await checkCurrentPassword(request, user, body.old_password, 'old_password');
    const problem = passwordProblem(body.new_password1, user.email);
    if (problem !== null) throw fieldError('new_password1', problem);

    const passwordHash = await hashPassword(body.new_password1);
    // Every other session of the account ends (a staff member's sessions switched into customers
    // too); the one making the change goes on. Links sent before the change no longer work:
    // sign-in and reset links, and an e-mail change asked for (perhaps by whoever had the old password).
    await changePassword(request.server.db, user.id, passwordHash, auth.tokenId, now);
    return { detail: accountMessages.passwordChanged };
  },

  confirmEmailChange: async ({ body, request }) => {
    const now = request.server.now();
    if (!KEY_PATTERN.test(body.key)) throw linkError('invalid');
    const found = await emailChangeRequestOf(request.server.db, hashKey(body.key));
    const problem = linkProblemOf(found, now);
    if (problem !== null || !found) throw linkError(problem ?? 'invalid');

    // Someone may have taken the address since it was asked for: then nothing is spent.
    const outcome = await applyEmailChange(request.server.db, found, now);
    if (outcome === 'used') throw linkError('used');
    if (outcome === 'taken') throw detailError(400, accountMessages.emailTaken);
    return { detail: accountMessages.emailChanged, email: found.newEmail };
  },
} satisfies Pick<Handlers, 'patchMe' | 'changePassword' | 'confirmEmailChange'>;
