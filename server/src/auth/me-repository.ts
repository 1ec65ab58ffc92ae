import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { emailChangeRequests, users } from '../db/schema/index.ts';

// What GET /auth/me/ reads beside the session's own user.

/** The new address the user asked for on the profile page, while its link still works; else null. */
export async function pendingEmailOf(db: Pick<Database, 'select'>, userId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailChangeRequests.newEmail })
    .from(emailChangeRequests)
    .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt), gt(emailChangeRequests.expiresAt, now)))
    .orderBy(desc(emailChangeRequests.createdAt), desc(emailChangeRequests.id))
    .limit(1);
  return row?.newEmail ?? null;
}

export async function userById(db: Pick<Database, 'select'>, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}
