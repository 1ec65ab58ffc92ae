import { accountMessages, selfSignupMessages, SIGNUP_PASSWORD_WINDOW_HOURS } from '@portal/contract';

import { authOf } from '../../plugins/auth.ts';
import { detailError, fieldError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { changePassword, hashPassword, passwordProblem } from '../identity/index.ts';
import { signupLeadOfUser } from './self-signup-repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A self sign-up's portal password (POST /api/v5/signup/create-password/, ours): the customer is made with a
 * password nobody knows (verify-pin or Google proved the address), so the last section sets one to sign in with
 * next time. Only the sign-up's own session (never a staff member's switched one), only a sign-up customer, and
 * only within SIGNUP_PASSWORD_WINDOW_HOURS of the sign-up: later, the old password is needed (the profile page)
 * or a reset link. The profile's rule for a new password applies, and the same repository write: other sessions
 * end, links sent before stop working.
 */
export const selfSignupPasswordHandlers = {
  ssuCreatePassword: async ({ body, request, reply }) => {
    const { server } = request;
    const auth = authOf(request);
    if (auth.actingUserId !== null) throw detailError(403, accountMessages.notWhileViewing);
    const lead = await signupLeadOfUser(server.db, auth.user.id);
    if (!lead?.convertedAt) throw detailError(404, selfSignupMessages.notSignupCustomer);
    const now = server.now();
    if (now.getTime() - lead.convertedAt.getTime() > SIGNUP_PASSWORD_WINDOW_HOURS * HOUR_MS)
      throw detailError(403, selfSignupMessages.passwordWindowOver);
    const problem = passwordProblem(body.new_password1, auth.user.email);
    if (problem !== null) throw fieldError('new_password1', problem);
    await changePassword(server.db, auth.user.id, await hashPassword(body.new_password1), auth.tokenId, now);
    reply.header('cache-control', 'no-store');
    return { detail: selfSignupMessages.passwordSet, email: auth.user.email };
  },
} satisfies Pick<Handlers, 'ssuCreatePassword'>;
