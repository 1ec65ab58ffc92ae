import { hashPassword } from '../modules/identity/index.ts';
import type { DemoLogin } from './demo-logins.ts';

/** A demo login as a row of the users table, without its account (the seed that inserts it adds that). */
export interface DemoUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
}

/**
 * Hashes a demo login's password and builds its user row: the name split into first and last
 * name, the e-mail address verified unless `emailVerified` says otherwise. Slow (the hash), so
 * seed.ts starts these before its transaction.
 * @example await demoUser(demoLogins.unverified, false) // { email, passwordHash, firstName, lastName, emailVerified: false }
 */
export async function demoUser(
  login: Pick<DemoLogin, 'email' | 'password' | 'name'> | { email: string; password: string; name: string },
  emailVerified = true,
): Promise<DemoUser> {
  const [firstName = '', lastName = ''] = login.name.split(' ');
  return { email: login.email, passwordHash: await hashPassword(login.password), firstName, lastName, emailVerified };
}
