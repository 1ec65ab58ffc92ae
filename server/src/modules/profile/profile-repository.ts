import { and, eq, isNull, ne, or } from 'drizzle-orm';
import fp from 'fastify-plugin';

import type { Database } from '../../db/connect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { authTokens, emailChangeRequests, users } from '../../db/schema/identity.ts';
import { spendAllKeysOf } from '../identity/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    profileRepository: ProfileRepository;
  }
}

type UserRow = typeof users.$inferSelect;
export type EmailChangeRequest = typeof emailChangeRequests.$inferSelect;

/** The fields of their own profile a user may change. */
export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
}

/** A change of e-mail address asked for: it waits for the link sent to the new address. */
export interface NewEmailChange {
  newEmail: string;
  keyHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Thrown inside a transaction to roll it back; never leaves the repository. */
class RollBack extends Error {
  constructor(readonly outcome: 'used' | 'taken') {
    super(outcome);
  }
}

/** The profile page's queries (spec 000 section 7): name and phone, password, e-mail address changes. */
export function createProfileRepository(db: Database) {
  const dropPendingEmailChanges = (q: Pick<Database, 'delete'>, userId: number) =>
    q
      .delete(emailChangeRequests)
      .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)));
  return {
    /**
     * Changes the user's name and phone, and, with `emailChange`, replaces any unused request to
     * change the address by this one (only the newest link works). Answers the user as changed.
     */
    async update(user: UserRow, changes: ProfileChanges, emailChange: NewEmailChange | null): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [row] =
          Object.keys(changes).length > 0
            ? await tx.update(users).set(changes).where(eq(users.id, user.id)).returning()
            : [user];
        if (emailChange) {
          await dropPendingEmailChanges(tx, user.id);
          await tx.insert(emailChangeRequests).values({ userId: user.id, ...emailChange });
        }
        return row ?? user;
      });
    },

    /**
     * Sets a new password hash and ends every other session of the user (and the staff sessions
     * switched into them) but `keepTokenId`; links sent before (sign-in, reset, e-mail change) stop working.
     */
    async changePassword(userId: number, passwordHash: string, keepTokenId: number, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx
          .update(authTokens)
          .set({ revokedAt: now })
          .where(
            and(
              or(eq(authTokens.userId, userId), eq(authTokens.actingUserId, userId)),
              ne(authTokens.id, keepTokenId),
              isNull(authTokens.revokedAt),
            ),
          );
        await spendAllKeysOf(tx, userId, ['magic_link', 'password_reset'], now);
        await dropPendingEmailChanges(tx, userId);
      });
    },

    async emailChangeRequest(keyHash: string): Promise<EmailChangeRequest | undefined> {
      const [found] = await db
        .select()
        .from(emailChangeRequests)
        .where(eq(emailChangeRequests.keyHash, keyHash))
        .limit(1);
      return found;
    },

    /**
     * Spends the request and moves the user to its address, both or neither: 'used' when it was
     * spent meanwhile, 'taken' when another user has the address now.
     */
    async applyEmailChange(request: EmailChangeRequest, now: Date): Promise<'ok' | 'used' | 'taken'> {
      try {
        await db.transaction(async (tx) => {
          // Spent in one statement that matches only an unused key, so two tabs cannot both apply it.
          const spent = await tx
            .update(emailChangeRequests)
            .set({ usedAt: now })
            .where(and(eq(emailChangeRequests.id, request.id), isNull(emailChangeRequests.usedAt)))
            .returning({ id: emailChangeRequests.id });
          if (spent.length === 0) throw new RollBack('used');
          const [owner] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.email, request.newEmail), ne(users.id, request.userId)))
            .limit(1);
          if (owner) throw new RollBack('taken');
          await tx
            .update(users)
            .set({ email: request.newEmail, emailVerified: true })
            .where(eq(users.id, request.userId));
        });
      } catch (error) {
        if (error instanceof RollBack) return error.outcome;
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
      return 'ok';
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;

export default fp(
  async (app) => {
    app.decorate('profileRepository', createProfileRepository(app.db));
  },
  { name: 'profile-repository', dependencies: ['db'] },
);
