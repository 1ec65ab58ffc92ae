import type { FastifyReply, FastifyRequest } from 'fastify';

import {
  selfSignupMessages,
  SIGNUP_TOKEN_HEADER,
  type SignupRegistration,
  type SignupRegistrationRequest,
} from '@portal/contract';

import { detailError } from '../../plugins/errors.ts';
import { authenticateKey, hashKey } from '../identity/index.ts';
import { signupLeadByTokenHash, signupLeadOfUser } from './self-signup-repository.ts';

/**
 * POST /registration/ in the sign-up's shape (spec 001 section 7): the lead its token names, with that e-mail
 * address, whose customer the signup-token header's key is a live session of, answers the key and the customer
 * (status 201, the call's). Anything else is 401 (the journey asks for the PIN again), never which part failed.
 */
export async function confirmSignupRegistration(
  request: FastifyRequest,
  reply: FastifyReply,
  body: SignupRegistrationRequest,
): Promise<SignupRegistration> {
  const { server } = request;
  const header = request.headers[SIGNUP_TOKEN_HEADER];
  const key = typeof header === 'string' ? header.trim() : '';
  const refused = () => detailError(401, selfSignupMessages.keyInvalid);
  if (key.length === 0 || key.length > 200) throw refused();
  const lead = await signupLeadByTokenHash(server.db, hashKey(body.token));
  if (!lead?.productId || !lead.accountId || lead.email.toLowerCase() !== body.email.toLowerCase()) throw refused();
  const auth = await authenticateKey(server.db, key, server.now());
  const ofLead = auth && auth.actingUserId === null ? await signupLeadOfUser(server.db, auth.user.id) : undefined;
  if (ofLead?.id !== lead.id) throw refused();
  reply.header('cache-control', 'no-store');
  return { key, product_id: lead.productId, account_id: lead.accountId, user_verified: lead.userVerified };
}
