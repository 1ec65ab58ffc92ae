import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { cachedUntilWrite } from '../db/read-cache.ts';
import { emailChangeRequests, users } from '../db/schema/index.ts';

// What GET /auth/me/ reads beside the session's own user.

/**
 * The new address the user asked for on the profile page, while its link still works; else null:
 * the newest unused request that has not expired. The unused requests are read without the clock
 * (few: asking is throttled), so on PGlite they are kept until anything is written
 * (db/read-cache.ts) and `GET me` asks the database nothing but the token's row, itself kept.
 */
export async function pendingEmailOf(db: Pick<Database, 'select'>, userId: number, now: Date): Promise<string | null> {
  const unused = await cachedUntilWrite(db, 'unused_email_changes', String(userId), () =>
    db
      .select({ newEmail: emailChangeRequests.newEmail, expiresAt: emailChangeRequests.expiresAt })
      .from(emailChangeRequests)
      .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)))
      .orderBy(desc(emailChangeRequests.createdAt), desc(emailChangeRequests.id)),
  );
  return unused.find((request) => request.expiresAt.getTime() > now.getTime())?.newEmail ?? null;
}

export async function userById(db: Pick<Database, 'select'>, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}
