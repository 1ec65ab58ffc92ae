import fp from 'fastify-plugin';

import type { Database } from '../../db/connect.ts';
import {
  applyEmailChange,
  changePassword,
  emailChangeRequestOf,
  updateProfile,
  type EmailChangeRequest,
  type NewEmailChange,
  type ProfileChanges,
  type UserRow,
} from '../identity/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    profileRepository: ProfileRepository;
  }
}

/**
 * The profile page's queries (spec 000 section 7): name and phone, password, e-mail address changes, all of them
 * the identity module's.
 */
export function createProfileRepository(db: Database) {
  return {
    /**
     * Changes the user's name and phone, and, with `emailChange`, replaces any unused request to
     * change the address by this one (only the newest link works). Answers the user as changed.
     */
    update: (user: UserRow, changes: ProfileChanges, emailChange: NewEmailChange | null): Promise<UserRow> =>
      updateProfile(db, user, changes, emailChange),

    /**
     * Sets a new password hash and ends every other session of the user (and the staff sessions
     * switched into them) but `keepTokenId`; links sent before (sign-in, reset, e-mail change) stop working.
     */
    changePassword: (userId: number, passwordHash: string, keepTokenId: number, now: Date): Promise<void> =>
      changePassword(db, userId, passwordHash, keepTokenId, now),

    emailChangeRequest: (keyHash: string): Promise<EmailChangeRequest | undefined> => emailChangeRequestOf(db, keyHash),

    /**
     * Spends the request and moves the user to its address, both or neither: 'used' when it was
     * spent meanwhile, 'taken' when another user has the address now.
     */
    applyEmailChange: (request: EmailChangeRequest, now: Date): Promise<'ok' | 'used' | 'taken'> =>
      applyEmailChange(db, request, now),
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;

export default fp(
  async (app) => {
    app.decorate('profileRepository', createProfileRepository(app.db));
  },
  { name: 'profile-repository', dependencies: ['db'] },
);
