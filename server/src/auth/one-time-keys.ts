import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { accountMessages, MAGIC_LINK_TTL_MINUTES, RESET_LINK_TTL_MINUTES } from '@portal/contract';
import type { Database } from '../db/connect.ts';
import { oneTimeKeys } from '../db/schema/index.ts';
import { detailError, type ApiError } from '../plugins/errors.ts';
import { hashKey, KEY_PATTERN, newKey } from './tokens.ts';

/**
 * Keys of the links we e-mail (magic link, password reset): 32 random bytes in base64url,
 * only their SHA-256 stored, bound to one user and one purpose, spent once. A key of another
 * purpose is as unknown as a made-up one. Asking for a new link leaves older ones working
 * until they expire (each is single use and short-lived); a password reset spends them all.
 */
export type KeyPurpose = (typeof oneTimeKeys.$inferSelect)['purpose'];

const MINUTE_MS = 60 * 1000;
export const KEY_LIFETIME_MS: Record<KeyPurpose, number> = {
  magic_link: MAGIC_LINK_TTL_MINUTES * MINUTE_MS,
  password_reset: RESET_LINK_TTL_MINUTES * MINUTE_MS,
};

/** Why a link's key cannot be used: never issued (or for something else), expired, or spent. */
export type LinkProblem = 'invalid' | 'expired' | 'used';

const linkMessages: Record<LinkProblem, string> = {
  invalid: accountMessages.linkInvalid,
  expired: accountMessages.linkExpired,
  used: accountMessages.linkUsed,
};

/** The 400 answer for a link that cannot be used. */
export const linkError = (problem: LinkProblem): ApiError => detailError(400, linkMessages[problem]);

/**
 * What is wrong with a stored key at `now`, or null when it may be used. Spent wins over
 * expired: "already used" is what the person needs to hear.
 */
export function linkProblemOf(row: { usedAt: Date | null; expiresAt: Date } | undefined, now: Date): LinkProblem | null {
  if (!row) return 'invalid';
  if (row.usedAt !== null) return 'used';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** Stores a new key for the user and purpose; answers the key, which only the e-mail will hold. */
export async function createOneTimeKey(db: Pick<Database, 'insert'>, userId: number, purpose: KeyPurpose, now: Date): Promise<string> {
  const key = newKey();
  await db.insert(oneTimeKeys).values({
    purpose,
    userId,
    keyHash: hashKey(key),
    createdAt: now,
    expiresAt: new Date(now.getTime() + KEY_LIFETIME_MS[purpose]),
  });
  return key;
}

export type OneTimeKey = typeof oneTimeKeys.$inferSelect;

/** The stored key for `key` and `purpose`, or what is wrong with it; writes nothing. */
export async function findOneTimeKey(
  db: Pick<Database, 'select'>,
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
export async function spendAllKeysOf(db: Pick<Database, 'update'>, userId: number, purposes: KeyPurpose[], now: Date): Promise<void> {
  await db
    .update(oneTimeKeys)
    .set({ usedAt: now })
    .where(and(eq(oneTimeKeys.userId, userId), inArray(oneTimeKeys.purpose, purposes), isNull(oneTimeKeys.usedAt)));
}
