import { MANAGE_OTHER_USERS } from '@portal/contract';

/**
 * Whether a person may act on customers' accounts: a staff member (is_staff) holding the
 * role "Allow to manage other users' accounts" (spec 000 section 6).
 */
export function canManageOtherUsers(user: { isStaff: boolean; permissions: readonly string[] }): boolean {
  return user.isStaff && user.permissions.includes(MANAGE_OTHER_USERS);
}
