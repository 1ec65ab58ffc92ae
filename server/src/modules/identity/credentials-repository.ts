import { and, eq, isNull, ne, or, type SQL } from 'drizzle-orm';

import type { Database, Updates } from '../../db/connect.ts';
import { authTokens, loginFailures, users } from '../../db/schema/identity.ts';
import { dropPendingEmailChanges } from './email-changes-repository.ts';
import { spendAllKeysOf, useOneTimeKey } from './one-time-keys-repository.ts';
import { issueToken } from './tokens-repository.ts';
import type { UserRow } from './users-repository.ts';

// A person's proof of who they are changing: a magic link confirming the address, a password reset or change, a
// provider vouching for the address. Each ends the sessions the old proof may have opened.

type Queries = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** Ends the live tokens `whose` picks. */
async function revokeTokens(db: Updates, whose: SQL | undefined, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(whose, isNull(authTokens.revokedAt)));
}

/** The user's own tokens, and the staff tokens switched into them by the user (as the staff member acting). */
const tokensOfPerson = (userId: number) => or(eq(authTokens.userId, userId), eq(authTokens.actingUserId, userId));

/**
 * Spends a magic link's key and answers a new token for its user. A link that confirms the
 * address for the first time also sets `unusablePassword` and ends the sessions made before.
 * Throws the link's error (one-time-keys.ts) for a key that cannot be used.
 */
export async function signInWithMagicLink(
  db: Database,
  key: string,
  unusablePassword: string,
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const spent = await useOneTimeKey(tx, key, 'magic_link', now);
    const firstConfirmed = await tx
      .update(users)
      .set({ emailVerified: true, passwordHash: unusablePassword })
      .where(and(eq(users.id, spent.userId), eq(users.emailVerified, false)))
      .returning({ id: users.id });
    if (firstConfirmed.length > 0) await revokeTokens(tx, eq(authTokens.userId, spent.userId), now);
    return issueToken(tx, spent.userId, now);
  });
}

/**
 * At once: spends the reset key, sets the password, confirms the address (the link came to
 * it), ends every session of the person (their own, and any staff session they had switched
 * into a customer), spends their other sign-in links, drops an e-mail change asked for before
 * (perhaps by whoever had the password) and forgets the address's failed sign-ins.
 */
export async function resetPassword(
  db: Database,
  user: UserRow,
  resetKey: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await useOneTimeKey(tx, resetKey, 'password_reset', now);
    await tx.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, user.id));
    await revokeTokens(tx, tokensOfPerson(user.id), now);
    await spendAllKeysOf(tx, user.id, ['magic_link', 'password_reset'], now);
    await dropPendingEmailChanges(tx, user.id);
    await tx.delete(loginFailures).where(and(eq(loginFailures.scope, 'email'), eq(loginFailures.key, user.email)));
  });
}

/**
 * Sets a new password hash and ends every other session of the user (and the staff sessions
 * switched into them) but `keepTokenId`; links sent before (sign-in, reset, e-mail change) stop working.
 */
export async function changePassword(
  db: Database,
  userId: number,
  passwordHash: string,
  keepTokenId: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeTokens(tx, and(tokensOfPerson(userId), ne(authTokens.id, keepTokenId)), now);
    await spendAllKeysOf(tx, userId, ['magic_link', 'password_reset'], now);
    await dropPendingEmailChanges(tx, userId);
  });
}

/**
 * A provider vouched for the user's address (a social sign-in): marks it confirmed with a new password hash, and
 * ends every session of the user. Takes the sign-in's transaction; answers the user as changed.
 */
export async function confirmAddress(
  db: Queries,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ emailVerified: true, passwordHash })
    .where(eq(users.id, userId))
    .returning();
  await revokeTokens(db, eq(authTokens.userId, userId), now);
  return user;
}
