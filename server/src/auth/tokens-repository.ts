import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect.ts';
import { cachedUntilWrite } from '../db/read-cache.ts';
import { authTokens, users } from '../db/schema/index.ts';
import { canManageOtherUsers } from '../modules/staff/access.ts';
import { hashKey, KEY_PATTERN, newKey, TOKEN_ABSOLUTE_LIFETIME_MS, TOKEN_IDLE_LIFETIME_MS, TOKEN_TOUCH_INTERVAL_MS } from './tokens.ts';

// The sessions' queries: tokens issued, looked up on every call, revoked. They take the database
// or a transaction, so a module can issue a token inside its own transaction.

export type AuthenticatedUser = typeof users.$inferSelect;

export interface Authentication {
  tokenId: number;
  /** Whom the session answers as: while a staff member is switched, the customer. */
  user: AuthenticatedUser;
  /** The staff user acting as `user`, if any. */
  actingUserId: number | null;
  /** That staff user. */
  actingUser: AuthenticatedUser | null;
}

const actingUsers = alias(users, 'acting_users');

/** Creates a token for a user and answers its key; only the key's hash is stored. */
export async function issueToken(
  db: Database,
  userId: number,
  now: Date,
  actingUserId: number | null = null,
): Promise<string> {
  const key = newKey();
  await db.insert(authTokens).values({ userId, keyHash: hashKey(key), createdAt: now, lastUsedAt: now, actingUserId });
  return key;
}

/**
 * The token lookup, prepared once per database: drizzle builds its SQL once (it cost more than
 * the query itself on PGlite), and node-postgres keeps it as a named statement on each pooled
 * connection, so PostgreSQL plans it once per connection. One indexed query per request.
 */
function prepareTokenLookup(db: Database) {
  return db
    .select({ token: authTokens, user: users, actingUser: actingUsers })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(actingUsers, eq(actingUsers.id, authTokens.actingUserId))
    .where(and(eq(authTokens.keyHash, sql.placeholder('keyHash')), isNull(authTokens.revokedAt)))
    .limit(1)
    .prepare('auth_token_lookup');
}
/** The lookups prepared so far, one per database (prepared on first use). */
const tokenLookups = new WeakMap<Database, ReturnType<typeof prepareTokenLookup>>();

/**
 * The token's row. On PGlite kept until anything is written (db/read-cache.ts): a logout, a
 * password or role change empties it before the next request. On PostgreSQL every request asks the
 * database, so a logout through one process refuses the token on the next request to any other.
 */
async function findToken(db: Database, keyHash: string) {
  let lookup = tokenLookups.get(db);
  if (!lookup) tokenLookups.set(db, (lookup = prepareTokenLookup(db)));
  const query = lookup;
  const [row] = await cachedUntilWrite(db, 'auth_token_lookup', keyHash, () => query.execute({ keyHash }));
  return row;
}

/** Finds the live token with this key; null when unknown, revoked or expired. */
export async function authenticateKey(db: Database, key: string, now: Date): Promise<Authentication | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const row = await findToken(db, hashKey(key));
  if (!row) return null;
  const { token, user, actingUser } = row;
  const idle = now.getTime() - token.lastUsedAt.getTime();
  const age = now.getTime() - token.createdAt.getTime();
  if (idle > TOKEN_IDLE_LIFETIME_MS || age > TOKEN_ABSOLUTE_LIFETIME_MS) return null;
  // A staff member who lost the role (or staff status) while switched loses the session with it.
  if (token.actingUserId !== null && !(actingUser && canManageOtherUsers(actingUser))) {
    await revokeToken(db, token.id, now);
    return null;
  }
  if (idle > TOKEN_TOUCH_INTERVAL_MS) {
    await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, token.id));
  }
  return { tokenId: token.id, user, actingUserId: token.actingUserId, actingUser };
}

export async function revokeToken(db: Database, tokenId: number, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}
