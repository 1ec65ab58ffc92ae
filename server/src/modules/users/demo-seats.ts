import type { Inserts } from '../../db/connect.ts';
import { voipUsers } from '../../db/schema/users.ts';

/** The locked-out user the users e2e spec's copies of Acme get (as Dana Fox is on Harbour Freight's phone). */
export const E2E_LOCKED_USER = { firstName: 'Dana', lastName: 'Fox', extension: '203' } as const;

/** Adds a user locked out of their phone to a cloud phone: the locked-user banner and status card show for them. */
export async function seedLockedUser(tx: Inserts, productId: number, emailDomain: string, now: Date): Promise<void> {
  await tx.insert(voipUsers).values({ productId, ...E2E_LOCKED_USER, email: `dana@${emailDomain}`, lockedAt: now });
}
