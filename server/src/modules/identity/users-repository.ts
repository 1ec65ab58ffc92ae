import { asc, eq } from 'drizzle-orm';

import type { Inserts, Reads } from '../../db/connect.ts';
import { users } from '../../db/schema/identity.ts';

// The people who sign in: looked up by address by several modules, sometimes inside their own
// transaction, so these take the database or a transaction.

export type UserRow = typeof users.$inferSelect;

/** The user with this address (already lower-cased), if any. */
export async function userByEmail(db: Reads, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** The user with this id, if any. */
export async function userById(db: Reads, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The account's holder: its first user (the one who signed it up), if it has any. */
export async function accountHolderOf(db: Reads, accountId: number): Promise<UserRow | undefined> {
  const [holder] = await db.select().from(users).where(eq(users.accountId, accountId)).orderBy(asc(users.id)).limit(1);
  return holder;
}

/** A new customer's sign-in user (customers.create, inside its transaction). */
export interface NewUserRow {
  /** Lower-cased. */
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  emailVerified: boolean;
  accountId: number | null;
}

/**
 * Stores a new sign-in user and answers its id; null, and nothing stored, when the address has a user already (even
 * one made a moment ago by another journey).
 */
export async function insertUser(db: Inserts, values: NewUserRow): Promise<number | null> {
  const [user] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return user?.id ?? null;
}
