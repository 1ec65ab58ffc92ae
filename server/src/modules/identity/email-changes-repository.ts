import { and, eq, isNull, ne } from 'drizzle-orm';

import type { Database, Deletes, Reads } from '../../db/connect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { emailChangeRequests, users } from '../../db/schema/identity.ts';
import type { UserRow } from './users-repository.ts';

// The profile page's changes to the person (spec 000 section 7): name and phone, and a change of e-mail address,
// which waits for the link sent to the new address.

export type EmailChangeRequest = typeof emailChangeRequests.$inferSelect;

/** The fields of their own profile a user may change. */
export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
}

/** A change of e-mail address asked for: it waits for the link sent to the new address. */
export interface NewEmailChange {
  newEmail: string;
  keyHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Thrown inside a transaction to roll it back; never leaves this file. */
class RollBack extends Error {
  constructor(readonly outcome: 'used' | 'taken') {
    super(outcome);
  }
}

/** Drops the user's changes of address still waiting for their link. */
export async function dropPendingEmailChanges(db: Deletes, userId: number): Promise<void> {
  await db
    .delete(emailChangeRequests)
    .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)));
}

/**
 * Changes the user's name and phone, and, with `emailChange`, replaces any unused request to
 * change the address by this one (only the newest link works). Answers the user as changed.
 */
export async function updateProfile(
  db: Database,
  user: UserRow,
  changes: ProfileChanges,
  emailChange: NewEmailChange | null,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [row] =
      Object.keys(changes).length > 0
        ? await tx.update(users).set(changes).where(eq(users.id, user.id)).returning()
        : [user];
    if (emailChange) {
      await dropPendingEmailChanges(tx, user.id);
      await tx.insert(emailChangeRequests).values({ userId: user.id, ...emailChange });
    }
    return row ?? user;
  });
}

/** The change of address whose link's key hashes to `keyHash`, used or not. */
export async function emailChangeRequestOf(db: Reads, keyHash: string): Promise<EmailChangeRequest | undefined> {
  const [found] = await db.select().from(emailChangeRequests).where(eq(emailChangeRequests.keyHash, keyHash)).limit(1);
  return found;
}

/**
 * Spends the request and moves the user to its address, both or neither: 'used' when it was
 * spent meanwhile, 'taken' when another user has the address now.
 */
export async function applyEmailChange(
  db: Database,
  request: EmailChangeRequest,
  now: Date,
): Promise<'ok' | 'used' | 'taken'> {
  try {
    await db.transaction(async (tx) => {
      // Spent in one statement that matches only an unused key, so two tabs cannot both apply it.
      const spent = await tx
        .update(emailChangeRequests)
        .set({ usedAt: now })
        .where(and(eq(emailChangeRequests.id, request.id), isNull(emailChangeRequests.usedAt)))
        .returning({ id: emailChangeRequests.id });
      if (spent.length === 0) throw new RollBack('used');
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, request.newEmail), ne(users.id, request.userId)))
        .limit(1);
      if (owner) throw new RollBack('taken');
      await tx.update(users).set({ email: request.newEmail, emailVerified: true }).where(eq(users.id, request.userId));
    });
  } catch (error) {
    if (error instanceof RollBack) return error.outcome;
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
  return 'ok';
}
