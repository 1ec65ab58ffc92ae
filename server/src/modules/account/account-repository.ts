import type { Database } from '../../db/connect.ts';
import * as customers from '../customers/index.ts';
import * as identity from '../identity/index.ts';
import type { UserRow } from '../identity/index.ts';

// The sign-in journeys' queries: registration, magic links, password resets (the identity module's).

export async function userById(db: Pick<Database, 'select'>, id: number): Promise<UserRow | undefined> {
  return identity.userById(db, id);
}

/**
 * Creates an unconfirmed user with an account of its own (named `accountName`, no products
 * yet); null, and nothing made, when the address is taken.
 */
export async function registerUser(
  db: Database,
  values: { email: string; passwordHash: string; firstName: string; lastName: string },
  accountName: string,
): Promise<UserRow | null> {
  const made = await customers.create(db, 'registration', { account: { name: accountName }, user: values });
  if ('refused' in made || made.userId === null) return null;
  return (await identity.userById(db, made.userId)) ?? null;
}

/** identity's `signInWithMagicLink`: a new token for the link's user, its address confirmed. */
export async function signInWithMagicLink(
  db: Database,
  key: string,
  unusablePassword: string,
  now: Date,
): Promise<string> {
  return identity.signInWithMagicLink(db, key, unusablePassword, now);
}

/** identity's `resetPassword`: the new password, every session ended, the other links spent. */
export async function resetPassword(
  db: Database,
  user: UserRow,
  resetKey: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  return identity.resetPassword(db, user, resetKey, passwordHash, now);
}
