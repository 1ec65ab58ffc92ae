import { and, eq, gt, inArray, isNull } from 'drizzle-orm';

import type { Database, Inserts, Reads, Updates } from '../../db/connect.ts';
import { oneTimeKeys } from '../../db/schema/identity.ts';
import { KEY_LIFETIME_MS, linkError, linkProblemOf, type LinkProblem } from './one-time-keys.ts';
import { hashKey, KEY_PATTERN, newKey } from './tokens.ts';

// The one-time keys' queries (magic links, password resets). They take the database or a
// transaction, so a module can spend keys inside its own transaction.

export type KeyPurpose = (typeof oneTimeKeys.$inferSelect)['purpose'];

export type OneTimeKey = typeof oneTimeKeys.$inferSelect;

/**
 * Stores a new key for the user and purpose; answers the key, which only the e-mail will hold. It
 * lasts its purpose's lifetime, or `lifetimeMs` (a set-password link for an account made for someone).
 */
export async function createOneTimeKey(
  db: Inserts,
  userId: number,
  purpose: KeyPurpose,
  now: Date,
  lifetimeMs: number = KEY_LIFETIME_MS[purpose],
): Promise<string> {
  const key = newKey();
  await db.insert(oneTimeKeys).values({
    purpose,
    userId,
    keyHash: hashKey(key),
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
  });
  return key;
}

/** The stored key for `key` and `purpose`, or what is wrong with it; writes nothing. */
export async function findOneTimeKey(
  db: Reads,
  key: string,
  purpose: KeyPurpose,
  now: Date,
): Promise<{ key: OneTimeKey; problem: null } | { key: null; problem: LinkProblem }> {
  if (!KEY_PATTERN.test(key)) return { key: null, problem: 'invalid' };
  const [row] = await db
    .select()
    .from(oneTimeKeys)
    .where(and(eq(oneTimeKeys.keyHash, hashKey(key)), eq(oneTimeKeys.purpose, purpose)))
    .limit(1);
  const problem = linkProblemOf(row, now);
  return problem === null ? { key: row!, problem } : { key: null, problem };
}

/**
 * Spends a key: marks it used in one statement that only matches a live, unused key, so two
 * requests racing with the same link cannot both succeed. Answers the key's row, or throws
 * the link's problem (400).
 */
export async function useOneTimeKey(db: Database, key: string, purpose: KeyPurpose, now: Date): Promise<OneTimeKey> {
  if (KEY_PATTERN.test(key)) {
    const [spent] = await db
      .update(oneTimeKeys)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeKeys.keyHash, hashKey(key)),
          eq(oneTimeKeys.purpose, purpose),
          isNull(oneTimeKeys.usedAt),
          gt(oneTimeKeys.expiresAt, now),
        ),
      )
      .returning();
    if (spent) return spent;
  }
  const found = await findOneTimeKey(db, key, purpose, now);
  // Only a key spent between the update and this read gets here without a problem.
  throw linkError(found.problem ?? 'used');
}

/** Spends every live key of the user for these purposes (after a password reset, say). */
export async function spendAllKeysOf(db: Updates, userId: number, purposes: KeyPurpose[], now: Date): Promise<void> {
  await db
    .update(oneTimeKeys)
    .set({ usedAt: now })
    .where(and(eq(oneTimeKeys.userId, userId), inArray(oneTimeKeys.purpose, purposes), isNull(oneTimeKeys.usedAt)));
}

/** The stored key for `key` and `purpose` whether live, spent or expired (to say "used already"); undefined when never issued. */
export async function storedOneTimeKey(db: Reads, key: string, purpose: KeyPurpose): Promise<OneTimeKey | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
  const [row] = await db
    .select()
    .from(oneTimeKeys)
    .where(and(eq(oneTimeKeys.keyHash, hashKey(key)), eq(oneTimeKeys.purpose, purpose)))
    .limit(1);
  return row;
}

/** Makes a spent key usable again: what it was spent for did not happen (a number taken by someone else). */
export async function unspendOneTimeKey(db: Updates, id: number): Promise<void> {
  await db.update(oneTimeKeys).set({ usedAt: null }).where(eq(oneTimeKeys.id, id));
}

/** Spends a key by its id if it is not spent yet (what it was for has happened: a payment link's payment approved). */
export async function spendOneTimeKeyById(db: Updates, id: number, now: Date): Promise<void> {
  await db
    .update(oneTimeKeys)
    .set({ usedAt: now })
    .where(and(eq(oneTimeKeys.id, id), isNull(oneTimeKeys.usedAt)));
}
