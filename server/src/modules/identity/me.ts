import type { Me } from '@portal/contract';

import type { Reads } from '../../db/connect.ts';
import { pendingEmailOf } from './me-repository.ts';
import type { AuthenticatedUser } from './tokens.ts';

export const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

const firstLetter = (text: string) => [...text.trim()][0] ?? '';

/** "Alex Morgan" -> "AM"; falls back to the e-mail's first letter when there is no name. */
function initialsOf(user: { firstName: string; lastName: string; email: string }): string {
  return (firstLetter(user.firstName) + firstLetter(user.lastName) || firstLetter(user.email)).toUpperCase();
}

/** GET /api/v3/me/'s answer (also PATCH's): the user a session answers as, and the staff member acting as them, if any. */
export function meFrom(
  auth: { user: AuthenticatedUser; actingUser: AuthenticatedUser | null },
  pendingEmail: string | null,
): Me {
  const { user, actingUser } = auth;
  return {
    id: user.id,
    user_profile: {
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone: user.phone,
      pending_email: pendingEmail,
    },
    initials: initialsOf(user),
    name: fullName(user),
    is_staff: user.isStaff,
    permissions: user.permissions,
    feature_flags: user.featureFlags,
    logged_in_as: actingUser && {
      email: actingUser.email,
      name: fullName(actingUser),
      permissions: actingUser.permissions,
    },
  };
}

/** `meFrom` with the pending address read from the database. */
export async function meOf(
  db: Reads,
  auth: { user: AuthenticatedUser; actingUser: AuthenticatedUser | null },
  now: Date,
): Promise<Me> {
  return meFrom(auth, await pendingEmailOf(db, auth.user.id, now));
}
