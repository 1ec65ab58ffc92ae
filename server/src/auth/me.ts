import type { Me } from '@portal/contract';
import type { Database } from '../db/connect.ts';
import { pendingEmailOf, userById } from './me-repository.ts';
import type { AuthenticatedUser } from './tokens.ts';

export const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

const firstLetter = (text: string) => [...text.trim()][0] ?? '';

/** "Alex Morgan" -> "AM"; falls back to the e-mail's first letter when there is no name. */
function initialsOf(user: { firstName: string; lastName: string; email: string }): string {
  return (firstLetter(user.firstName) + firstLetter(user.lastName) || firstLetter(user.email)).toUpperCase();
}


/** GET /api/v3/me/'s answer (also PATCH's): the user a session answers as, and the staff member acting as them, if any. */
export async function meOf(
  db: Pick<Database, 'select'>,
  auth: { user: AuthenticatedUser; actingUserId: number | null },
  now: Date,
): Promise<Me> {
  const { user, actingUserId } = auth;
  let loggedInAs = null;
  if (actingUserId !== null) {
    const staff = await userById(db, actingUserId);
    if (staff) loggedInAs = { email: staff.email, name: fullName(staff) };
  }
  return {
    id: user.id,
    user_profile: {
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone: user.phone,
      pending_email: await pendingEmailOf(db, user.id, now),
    },
    initials: initialsOf(user),
    name: fullName(user),
    is_staff: user.isStaff,
    permissions: user.permissions,
    feature_flags: user.featureFlags,
    logged_in_as: loggedInAs,
  };
}
