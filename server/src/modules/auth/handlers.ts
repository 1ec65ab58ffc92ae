import { accountMessages, errorMessages, staffMessages } from '@portal/contract';

import { authOf, readWithSession } from '../../plugins/auth.ts';
import { detailError, tooManyRequests } from '../../plugins/errors.ts';
import { readsSessionItself, type Handlers } from '../../routes/index.ts';
import {
  checkLoginThrottle,
  countLoginAttempt,
  hitRateLimit,
  issueToken,
  loginSucceeded,
  MAX_RESENDS,
  meFrom,
  pendingEmailOfRows,
  readMeWithSession,
  RESEND_WINDOW_MS,
  revokeToken,
  sendVerificationEmail,
  userByEmail,
  verifyDummyPassword,
  verifyPassword,
} from '../identity/index.ts';

export const authHandlers = {
  csrf: async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    return { csrftoken: request.csrfToken };
  },

  login: async ({ body, request, reply }) => {
    const { db } = request.server;
    const now = request.server.now();
    const email = body.email.toLowerCase();
    const keys = { email, ip: request.ip };

    // Throttled before any password work, so a refused attempt costs the attacker a cheap query.
    const refused = await checkLoginThrottle(db, keys, now);
    if (refused !== null) throw tooManyRequests(errorMessages.tooManyLoginAttempts, refused);
    const attempt = await countLoginAttempt(db, keys, now);
    if (attempt.retryAfter !== null) throw tooManyRequests(errorMessages.tooManyLoginAttempts, attempt.retryAfter);
    // An e-mail under attack from many clients is slowed for everybody, known or not, never refused.
    if (attempt.delayMs > 0) await request.server.sleep(attempt.delayMs);

    const user = await userByEmail(db, email);
    // An unknown e-mail still pays for a password check, and gets the same answer.
    const valid = user
      ? await verifyPassword(body.password, user.passwordHash)
      : await verifyDummyPassword(body.password);
    if (!user || !valid) throw detailError(400, errorMessages.badCredentials);

    await loginSucceeded(db, keys);
    // Only after the password matched, so this answer tells nothing to someone guessing addresses.
    if (!user.emailVerified) throw detailError(400, accountMessages.emailNotVerified);
    reply.header('cache-control', 'no-store');
    return { key: await issueToken(db, user.id, now) };
  },

  logout: async ({ request }) => {
    await revokeToken(request.server.db, authOf(request).tokenId, request.server.now());
    return { detail: 'Successfully logged out.' };
  },

  /**
   * The same answer for every address, so it tells nobody who has an account; only an
   * unverified one gets an e-mail. A failing mailer is logged, not answered, for the same reason.
   */
  resendVerificationEmail: async ({ body, request, reply }) => {
    const { db } = request.server;
    const now = request.server.now();
    const email = body.email.toLowerCase();
    // Counted for every address alike, before the lookup, so the limit itself gives nothing away.
    const retryAfter = await hitRateLimit(
      db,
      [
        { bucket: 'resend_verification_email', key: email, limit: MAX_RESENDS.email },
        { bucket: 'resend_verification_ip', key: request.ip, limit: MAX_RESENDS.ip },
      ],
      RESEND_WINDOW_MS,
      now,
    );
    if (retryAfter !== null) throw tooManyRequests(staffMessages.tooManyResends, retryAfter);

    const user = await userByEmail(db, email);
    if (user && !user.emailVerified) {
      // After the answer, so that it takes no longer than for any other address.
      request.server.runAfterAnswer(async () => {
        try {
          await sendVerificationEmail(db, request.server.mailer, user, now);
        } catch (error) {
          request.log.error({ err: error }, 'verification e-mail not sent');
        }
      });
    }
    reply.header('cache-control', 'no-store');
    return { detail: staffMessages.verificationResent };
  },

  // Built in identity/me.ts, which PATCH /api/v3/me/ (modules/profile/handlers.ts) answers with too.
  // One round trip: the token's row and the pending e-mail change in one query.
  me: readsSessionItself(async ({ request }) => {
    const rows = await readWithSession(request, (keyHash) => readMeWithSession(request.server.db, keyHash));
    return meFrom(authOf(request), pendingEmailOfRows(rows, request.server.now()));
  }),
} satisfies Pick<Handlers, 'csrf' | 'login' | 'logout' | 'me' | 'resendVerificationEmail'>;
