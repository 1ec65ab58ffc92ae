import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';

import type { Database, Updates } from '../../db/connect.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { cachedUntilWrite } from '../../db/read-cache.ts';
import { authTokens, users } from '../../db/schema/identity.ts';
import { canManageOtherUsers } from '../staff/index.ts';
import {
  hashKey,
  KEY_PATTERN,
  newKey,
  TOKEN_ABSOLUTE_LIFETIME_MS,
  TOKEN_IDLE_LIFETIME_MS,
  TOKEN_TOUCH_INTERVAL_MS,
} from './tokens.ts';

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

/** What the session needs of its token's row (not its key's hash, user or revocation, which the query matches on). */
const tokenColumns = {
  id: authTokens.id,
  createdAt: authTokens.createdAt,
  lastUsedAt: authTokens.lastUsedAt,
  actingUserId: authTokens.actingUserId,
};
/** The columns of a session: its token's row, the user it answers as, and the staff member acting as them. */
const sessionColumns = { token: tokenColumns, user: users, actingUser: actingUsers };

/** A row that carries a session's columns: the token lookup's, or a route's query that reads them beside its own. */
export interface SessionRow {
  token: Pick<typeof authTokens.$inferSelect, keyof typeof tokenColumns>;
  user: AuthenticatedUser;
  actingUser: AuthenticatedUser | null;
}

/** The token with the key hash `keyHash` (a placeholder), not revoked. */
const isSessionKey = and(eq(authTokens.keyHash, sql.placeholder('keyHash')), isNull(authTokens.revokedAt));

/**
 * A query from the session of the token whose key hashes to the placeholder `keyHash`: the token's row with its
 * user and acting user, `fields` selected beside them. A route that asks the database on every request (GET me,
 * the navigation, the call-flow list) joins its own tables to `users`, so one statement, one round trip, checks the
 * token and reads the route's rows; plugins/auth.ts `readWithSession` authenticates from its first row. No row: no
 * such live token. The token's condition is part of the join to its user, so no later `.where()` can widen the
 * query to other tokens' rows, and the session's own names (token, user, actingUser) win over any of `fields`.
 */
export function selectWithSession<F extends SelectedFields>(db: Database, fields: F) {
  return db
    .select({ ...fields, ...sessionColumns })
    .from(authTokens)
    .innerJoin(users, and(isSessionKey, eq(users.id, authTokens.userId)))
    .leftJoin(actingUsers, eq(actingUsers.id, authTokens.actingUserId));
}

/**
 * A route's query from the session (`build`, on `selectWithSession`), prepared once per database under `name`, and
 * read for a key hash (and the query's other placeholders, `values`). On PGlite its answers are kept until anything
 * is written (db/read-cache.ts), as the token's lookup is.
 */
export function sessionQuery<
  Q extends { prepare(name: string): { execute(values: Record<string, unknown>): Promise<object> } },
>(name: string, build: (db: Database) => Q) {
  type Rows = Awaited<ReturnType<ReturnType<Q['prepare']>['execute']>>;
  const prepared = preparedPerDatabase((db) => build(db).prepare(name));
  return (db: Database, keyHash: string, values: Record<string, number> = {}): Promise<Rows> =>
    cachedUntilWrite(
      db,
      name,
      [keyHash, ...Object.values(values)].join(':'),
      () => prepared(db).execute({ keyHash, ...values }) as Promise<Rows>,
    );
}

/** The token lookup: one indexed query per request. */
const tokenLookup = preparedPerDatabase((db) => selectWithSession(db, {}).limit(1).prepare('auth_token_lookup'));

/**
 * The token's row. On PGlite kept until anything is written (db/read-cache.ts): a logout, a
 * password or role change empties it before the next request. On PostgreSQL every request asks the
 * database, so a logout through one process refuses the token on the next request to any other.
 */
async function findToken(db: Database, keyHash: string) {
  const [row] = await cachedUntilWrite(db, 'auth_token_lookup', keyHash, () => tokenLookup(db).execute({ keyHash }));
  return row;
}

/** Finds the live token with this key; null when unknown, revoked or expired. */
export async function authenticateKey(db: Database, key: string, now: Date): Promise<Authentication | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const row = await findToken(db, hashKey(key));
  return row ? sessionOf(db, row, now) : null;
}

/**
 * The session a token's row (not revoked) gives at `now`: null when it has expired, or when the staff member acting
 * through it has lost the role or staff status (the token is then revoked). Touches its last use at most once a minute.
 */
export async function sessionOf(
  db: Database,
  { token, user, actingUser }: SessionRow,
  now: Date,
): Promise<Authentication | null> {
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

/**
 * Points a live token at another identity (a staff member switching into a customer, or back): whom it answers as,
 * and the staff member acting. Takes the caller's transaction, so its audit entry is written with it or not at all.
 * Answers false (and changes nothing) when the token has been revoked.
 */
export async function switchToken(
  db: Updates,
  tokenId: number,
  identity: { userId: number; actingUserId: number | null },
): Promise<boolean> {
  const changed = await db
    .update(authTokens)
    .set(identity)
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  return changed.length === 1;
}
