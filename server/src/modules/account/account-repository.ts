import fp from 'fastify-plugin';

import type { Database } from '../../db/connect.ts';
import * as customers from '../customers/index.ts';
import { resetPassword, signInWithMagicLink, userById, type UserRow } from '../identity/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accountRepository: AccountRepository;
  }
}

/** The sign-in journeys' queries: registration, magic links, password resets (the identity module's). */
export function createAccountRepository(db: Database) {
  return {
    userById: (id: number): Promise<UserRow | undefined> => userById(db, id),

    /**
     * Creates an unconfirmed user with an account of its own (named `accountName`, no products
     * yet); null, and nothing made, when the address is taken.
     */
    async register(
      values: { email: string; passwordHash: string; firstName: string; lastName: string },
      accountName: string,
    ): Promise<UserRow | null> {
      const made = await customers.create(db, 'registration', { account: { name: accountName }, user: values });
      if ('refused' in made || made.userId === null) return null;
      return (await userById(db, made.userId)) ?? null;
    },

    /** identity's `signInWithMagicLink`: a new token for the link's user, its address confirmed. */
    signInWithMagicLink: (key: string, unusablePassword: string, now: Date): Promise<string> =>
      signInWithMagicLink(db, key, unusablePassword, now),

    /** identity's `resetPassword`: the new password, every session ended, the other links spent. */
    resetPassword: (user: UserRow, resetKey: string, passwordHash: string, now: Date): Promise<void> =>
      resetPassword(db, user, resetKey, passwordHash, now),
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

export default fp(
  async (app) => {
    app.decorate('accountRepository', createAccountRepository(app.db));
  },
  { name: 'account-repository', dependencies: ['db'] },
);
