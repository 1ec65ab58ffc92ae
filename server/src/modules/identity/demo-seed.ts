import { count } from 'drizzle-orm';

import { MANAGE_OTHER_USERS } from '@portal/contract';

import type { Inserts, Reads } from '../../db/connect.ts';
import { users } from '../../db/schema/identity.ts';

/** The demo's sign-in users that customers.create does not make (db/seed.ts, db/demo-factory.ts). */

/** A demo sign-in user: its password already hashed (db/demo-users.ts). */
export interface SeededSignIn {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
}

/** An account's other sign-in users, after the one customers.create made with it. */
export async function seedColleagues(tx: Inserts, accountId: number, signIns: readonly SeededSignIn[]): Promise<void> {
  if (signIns.length > 0) await tx.insert(users).values(signIns.map((user) => ({ ...user, accountId })));
}

/** A member of staff: no account, allowed to manage other users. */
export async function seedStaffMember(tx: Inserts, signIn: SeededSignIn): Promise<void> {
  await tx.insert(users).values({ ...signIn, isStaff: true, permissions: [MANAGE_OTHER_USERS] });
}

/** How many sign-in users there are: none before the first start's seed. */
export async function userCount(tx: Reads): Promise<number> {
  return (await tx.select({ n: count() }).from(users))[0]?.n ?? 0;
}
