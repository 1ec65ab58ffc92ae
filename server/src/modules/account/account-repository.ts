import type { Database } from '../../db/connect.ts';
import * as customers from '../customers/index.ts';
import * as identity from '../identity/index.ts';
import type { UserRow } from '../identity/index.ts';

// Registration's customer: the other sign-in journeys' queries (magic links, password resets) are the identity
// module's, called by the handlers.

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
