import type { Database } from '../../db/connect.ts';
import * as identity from '../identity/index.ts';
import type { EmailChangeRequest, NewEmailChange, ProfileChanges, UserRow } from '../identity/index.ts';

// The profile page's queries (spec 000 section 7): name and phone, password, e-mail address changes, all of them
// the identity module's.

/**
 * Changes the user's name and phone, and, with `emailChange`, replaces any unused request to
 * change the address by this one (only the newest link works). Answers the user as changed.
 */
export async function updateProfile(
  db: Database,
  user: UserRow,
  changes: ProfileChanges,
  emailChange: NewEmailChange | null,
): Promise<UserRow> {
  return identity.updateProfile(db, user, changes, emailChange);
}

/**
 * Sets a new password hash and ends every other session of the user (and the staff sessions
 * switched into them) but `keepTokenId`; links sent before (sign-in, reset, e-mail change) stop working.
 */
export async function changePassword(
  db: Database,
  userId: number,
  passwordHash: string,
  keepTokenId: number,
  now: Date,
): Promise<void> {
  return identity.changePassword(db, userId, passwordHash, keepTokenId, now);
}

export async function emailChangeRequest(
  db: Pick<Database, 'select'>,
  keyHash: string,
): Promise<EmailChangeRequest | undefined> {
  return identity.emailChangeRequestOf(db, keyHash);
}

/**
 * Spends the request and moves the user to its address, both or neither: 'used' when it was
 * spent meanwhile, 'taken' when another user has the address now.
 */
export async function applyEmailChange(
  db: Database,
  request: EmailChangeRequest,
  now: Date,
): Promise<'ok' | 'used' | 'taken'> {
  return identity.applyEmailChange(db, request, now);
}
