import { and, eq, isNull, or } from 'drizzle-orm';
import fp from 'fastify-plugin';

import type { Database } from '../../db/connect.ts';
import { authTokens, emailChangeRequests, loginFailures, users } from '../../db/schema/identity.ts';
import * as customers from '../customers/index.ts';
import { issueToken, spendAllKeysOf, useOneTimeKey } from '../identity/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accountRepository: AccountRepository;
  }
}

type UserRow = typeof users.$inferSelect;

/** The sign-in journeys' queries: registration, magic links, password resets. */
export function createAccountRepository(db: Database) {
  return {
    async userById(id: number): Promise<UserRow | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return user;
    },

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
      const [user] = await db.select().from(users).where(eq(users.id, made.userId)).limit(1);
      return user ?? null;
    },

    /**
     * Spends a magic link's key and answers a new token for its user. A link that confirms the
     * address for the first time also sets `unusablePassword` and ends the sessions made before.
     * Throws the link's error (one-time-keys.ts) for a key that cannot be used.
     */
    async signInWithMagicLink(key: string, unusablePassword: string, now: Date): Promise<string> {
      return db.transaction(async (tx) => {
        const spent = await useOneTimeKey(tx, key, 'magic_link', now);
        const firstConfirmed = await tx
          .update(users)
          .set({ emailVerified: true, passwordHash: unusablePassword })
          .where(and(eq(users.id, spent.userId), eq(users.emailVerified, false)))
          .returning({ id: users.id });
        if (firstConfirmed.length > 0) {
          await tx
            .update(authTokens)
            .set({ revokedAt: now })
            .where(and(eq(authTokens.userId, spent.userId), isNull(authTokens.revokedAt)));
        }
        return issueToken(tx, spent.userId, now);
      });
    },

    /**
     * At once: spends the reset key, sets the password, confirms the address (the link came to
     * it), ends every session of the person (their own, and any staff session they had switched
     * into a customer), spends their other sign-in links, drops an e-mail change asked for before
     * (perhaps by whoever had the password) and forgets the address's failed sign-ins.
     */
    async resetPassword(user: UserRow, resetKey: string, passwordHash: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await useOneTimeKey(tx, resetKey, 'password_reset', now);
        await tx.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, user.id));
        await tx
          .update(authTokens)
          .set({ revokedAt: now })
          .where(
            and(or(eq(authTokens.userId, user.id), eq(authTokens.actingUserId, user.id)), isNull(authTokens.revokedAt)),
          );
        await spendAllKeysOf(tx, user.id, ['magic_link', 'password_reset'], now);
        await tx
          .delete(emailChangeRequests)
          .where(and(eq(emailChangeRequests.userId, user.id), isNull(emailChangeRequests.usedAt)));
        await tx.delete(loginFailures).where(and(eq(loginFailures.scope, 'email'), eq(loginFailures.key, user.email)));
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

export default fp(
  async (app) => {
    app.decorate('accountRepository', createAccountRepository(app.db));
  },
  { name: 'account-repository', dependencies: ['db'] },
);
