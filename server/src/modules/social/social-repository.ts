import { and, eq, isNull, lt } from 'drizzle-orm';
import fp from 'fastify-plugin';

import type { SocialProvider } from '@portal/contract';

import type { Database } from '../../db/connect.ts';
import { oauthStates, socialIdentities } from '../../db/schema/social.ts';
import * as customers from '../customers/index.ts';
import { confirmAddress, userByEmail, userById, type UserRow } from '../identity/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    socialRepository: SocialRepository;
  }
}

export type OauthStateRow = typeof oauthStates.$inferSelect;

type Queries = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'transaction'>;

/** The queries of a social sign-in, on the database or inside its transaction. */
function signInQueries(q: Queries) {
  return {
    /** The user an identity of the provider is linked to, if any. */
    async linkedUser(provider: SocialProvider, subject: string): Promise<UserRow | undefined> {
      const [linked] = await q
        .select({ userId: socialIdentities.userId })
        .from(socialIdentities)
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
        .limit(1);
      return linked ? userById(q, linked.userId) : undefined;
    },

    async touchIdentity(provider: SocialProvider, subject: string, now: Date): Promise<void> {
      await q
        .update(socialIdentities)
        .set({ lastUsedAt: now })
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
    },

    userByEmail: (email: string): Promise<UserRow | undefined> => userByEmail(q, email),

    /** Marks the address confirmed with a new password hash, and ends every session of the user. */
    confirmAddress: (userId: number, passwordHash: string, now: Date): Promise<UserRow | undefined> =>
      confirmAddress(q, userId, passwordHash, now),

    /** Creates a user with a confirmed address unless one has it already (made meanwhile); answers the address's user. */
    async createUser(values: {
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
    }): Promise<UserRow | undefined> {
      await customers.create(q, 'socialSignup', { user: values });
      return userByEmail(q, values.email);
    },

    async link(values: {
      provider: SocialProvider;
      subject: string;
      userId: number;
      email: string;
      now: Date;
    }): Promise<void> {
      const { now, ...identity } = values;
      await q
        .insert(socialIdentities)
        .values({ ...identity, createdAt: now, lastUsedAt: now })
        .onConflictDoNothing();
    },
  };
}

export type SignInQueries = ReturnType<typeof signInQueries>;

/** Social sign-in: the OAuth states of sign-ins under way, and the identities linked to users. */
export function createSocialRepository(db: Database) {
  return {
    /** Stores a new state, after deleting the states that expired before `expiredBefore`. */
    async startState(state: typeof oauthStates.$inferInsert, expiredBefore: Date): Promise<void> {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, expiredBefore));
      await db.insert(oauthStates).values(state);
    },

    /** Spends an unused state of the provider at once; undefined when there is none. */
    async spendState(stateHash: string, provider: SocialProvider, now: Date): Promise<OauthStateRow | undefined> {
      const [spent] = await db
        .update(oauthStates)
        .set({ usedAt: now })
        .where(
          and(eq(oauthStates.stateHash, stateHash), eq(oauthStates.provider, provider), isNull(oauthStates.usedAt)),
        )
        .returning();
      return spent;
    },

    /** Runs `work` in one transaction. */
    async inTransaction<T>(work: (queries: SignInQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(signInQueries(tx)));
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;

export default fp(
  async (app) => {
    app.decorate('socialRepository', createSocialRepository(app.db));
  },
  { name: 'social-repository', dependencies: ['db'] },
);
