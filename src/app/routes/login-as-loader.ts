import { redirect, type LoaderFunctionArgs } from 'react-router-dom';

import { MANAGE_OTHER_USERS, type Me } from '@portal/contract';

import { getMe } from '../../features/auth/index.ts';
import { loadStaffTools } from '../../features/staff/index.ts';
import { isApiError } from '../../lib/api-error.ts';
import { clearToken, getToken } from '../../lib/token-storage.ts';
import { loginPathWithNext } from '../guards.ts';

/**
 * What the login-as page does next: it finishes the switch or the sign-out itself (it holds the
 * query cache, which is emptied on the way), or shows why the switch was refused.
 */
export type LoginAsResult =
  { kind: 'switched' } | { kind: 'sign-out' } | { kind: 'error'; email: string; message: string };

export const EMAIL_PARAM = 'email';

/**
 * Whether this session may sign in as another user: staff with the role "Allow to manage
 * other users' accounts", or a staff member already acting as a customer (`logged_in_as`),
 * whose own role the server checks. The server decides in the end; this only chooses
 * between switching and signing out. (Kept here, not beside the menu's check, so the home
 * page's code does not split into one more file.)
 */
export function canSwitchUsers(
  user: Pick<Me, 'permissions' | 'is_staff' | 'logged_in_as'> | null | undefined,
): boolean {
  return !!user && ((user.is_staff && user.permissions.includes(MANAGE_OTHER_USERS)) || user.logged_in_as !== null);
}

/**
 * /loginas?email= (spec 000 section 4): a staff member with the role "Allow to manage other
 * users' accounts" switches to that user (then home, and a reload after 500 ms); anyone else
 * is signed out. Signed out already: sign in first, then come back here.
 */
export async function loginAsLoader({ request }: LoaderFunctionArgs): Promise<LoginAsResult> {
  const url = new URL(request.url);
  const here = { pathname: url.pathname, search: url.search, hash: '' };
  if (!getToken()) throw redirect(loginPathWithNext(here));

  let me: Me;
  try {
    // Asked afresh, never from the cache: this decides between switching and signing out.
    me = await getMe(request.signal);
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      clearToken();
      throw redirect(loginPathWithNext(here));
    }
    throw error;
  }

  const email = url.searchParams.get(EMAIL_PARAM)?.trim() ?? '';
  if (!email || !canSwitchUsers(me)) return { kind: 'sign-out' };
  // The staff feature's on-demand file: shared with the admin dialog, never with the pages always loaded.
  const { switchErrorText, switchUser } = await loadStaffTools();
  try {
    await switchUser(email);
  } catch (error) {
    return { kind: 'error', email, message: switchErrorText(error) };
  }
  return { kind: 'switched' };
}
