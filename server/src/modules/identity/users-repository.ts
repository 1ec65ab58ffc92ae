import { eq } from 'drizzle-orm';

import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/identity.ts';

// The people who sign in: looked up by address by several modules, sometimes inside their own
// transaction, so these take the database or a transaction.

export type UserRow = typeof users.$inferSelect;

/** The user with this address (already lower-cased), if any. */
export async function userByEmail(db: Pick<Database, 'select'>, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}
