import { and, desc, eq, isNull } from 'drizzle-orm';

import type { Reads } from '../../db/connect.ts';
import { cachedUntilWrite } from '../../db/read-cache.ts';
import { emailChangeRequests, users } from '../../db/schema/identity.ts';
import { selectWithSession, sessionQuery } from './tokens-repository.ts';

// What GET /auth/me/ reads beside the session's own user.

interface EmailChangeRequest {
  newEmail: string;
  expiresAt: Date;
}

/** The new address of the newest of a user's unused requests (newest first) whose link still works; else null. */
const pendingEmailIn = (unused: ReadonlyArray<EmailChangeRequest | null>, now: Date): string | null =>
  unused.find((request) => request !== null && request.expiresAt.getTime() > now.getTime())?.newEmail ?? null;

/**
 * The new address the user asked for on the profile page, while its link still works; else null:
 * the newest unused request that has not expired. The unused requests are read without the clock
 * (few: asking is throttled), so on PGlite they are kept until anything is written (db/read-cache.ts).
 */
export async function pendingEmailOf(db: Reads, userId: number, now: Date): Promise<string | null> {
  const unused = await cachedUntilWrite(db, 'unused_email_changes', String(userId), () =>
    db
      .select({ newEmail: emailChangeRequests.newEmail, expiresAt: emailChangeRequests.expiresAt })
      .from(emailChangeRequests)
      .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)))
      .orderBy(desc(emailChangeRequests.createdAt), desc(emailChangeRequests.id)),
  );
  return pendingEmailIn(unused, now);
}

/**
 * GET me in one round trip: the session (tokens-repository.ts `selectWithSession`) and its user's unused e-mail
 * changes, newest first, a row each (one row without any; none when the token is not live). On PGlite kept until
 * anything is written (db/read-cache.ts).
 */
export const readMeWithSession = sessionQuery('me_with_session', (db) =>
  selectWithSession(db, {
    emailChange: { newEmail: emailChangeRequests.newEmail, expiresAt: emailChangeRequests.expiresAt },
  })
    .leftJoin(emailChangeRequests, and(eq(emailChangeRequests.userId, users.id), isNull(emailChangeRequests.usedAt)))
    .orderBy(desc(emailChangeRequests.createdAt), desc(emailChangeRequests.id)),
);

/** The pending address of GET me's rows (`readMeWithSession`) at `now`. */
export const pendingEmailOfRows = (rows: ReadonlyArray<{ emailChange: EmailChangeRequest | null }>, now: Date) =>
  pendingEmailIn(
    rows.map((row) => row.emailChange),
    now,
  );
