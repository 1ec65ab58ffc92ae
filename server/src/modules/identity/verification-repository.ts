import { and, eq, gt, isNull } from 'drizzle-orm';

import type { Database, Inserts } from '../../db/connect.ts';
import { emailVerificationKeys, users } from '../../db/schema/identity.ts';
import { linkError, linkProblemOf } from './one-time-keys.ts';
import { hashKey, KEY_PATTERN } from './tokens.ts';

// The e-mail verification keys' queries: one live key per user, replaced by each new e-mail.

/** Stores a user's verification key, replacing any key sent before. */
export async function saveVerificationKey(
  db: Inserts,
  userId: number,
  values: { keyHash: string; createdAt: Date; email: string; expiresAt: Date; usedAt: null },
): Promise<void> {
  await db
    .insert(emailVerificationKeys)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: emailVerificationKeys.userId, set: values });
}

/**
 * Confirms the address a verification key was sent to: spends the key (atomically, so a link
 * works once) and marks the user verified. Throws the link's problem (400) when the key is
 * unknown, expired, already used, or was sent to an address the user no longer has.
 */
export async function verifyEmailKey(db: Database, key: string, now: Date): Promise<void> {
  if (!KEY_PATTERN.test(key)) throw linkError('invalid');
  const keyHash = hashKey(key);
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(emailVerificationKeys)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationKeys.keyHash, keyHash),
          isNull(emailVerificationKeys.usedAt),
          gt(emailVerificationKeys.expiresAt, now),
        ),
      )
      .returning();
    if (!spent) {
      const [row] = await tx
        .select()
        .from(emailVerificationKeys)
        .where(eq(emailVerificationKeys.keyHash, keyHash))
        .limit(1);
      throw linkError(linkProblemOf(row, now) ?? 'used');
    }
    const verified = await tx
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, spent.userId), eq(users.email, spent.email ?? '')))
      .returning({ id: users.id });
    // The address changed since the link was sent: it confirms nothing (and stays unspent: the throw rolls back).
    if (verified.length === 0) throw linkError('invalid');
  });
}
