import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorMessages } from '@portal/contract';
import { type Authentication } from '../auth/tokens.ts';
import { authenticateKey } from '../auth/tokens-repository.ts';
import { auditSwitchedChange } from '../modules/staff/audit.ts';
import { detailError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on routes that need a signed-in user. */
    auth: Authentication | null;
  }
}

// Tells the client which scheme to use, as DRF's TokenAuthentication does.
const challenge = { 'WWW-Authenticate': 'Token' };

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  // Changes made while a staff member acts as a customer are audited (modules/staff/audit.ts).
  app.decorateRequest('staffAudited', false);
  app.addHook('onSend', auditSwitchedChange);
}

/** Route hook: accepts `Authorization: Token {key}` for a live token, else answers 401. */
export async function authenticate(request: FastifyRequest) {
  const header = request.headers.authorization;
  const [scheme, key, ...rest] = (header ?? '').trim().split(/\s+/);
  if (!header || scheme?.toLowerCase() !== 'token') {
    throw detailError(401, errorMessages.notAuthenticated, challenge);
  }
  const auth = key && rest.length === 0 ? await authenticateKey(request.server.db, key, request.server.now()) : null;
  if (!auth) throw detailError(401, errorMessages.invalidToken, challenge);
  request.auth = auth;
}

/** The signed-in user of a route that ran `authenticate`. */
export function authOf(request: FastifyRequest): Authentication {
  if (!request.auth) throw detailError(401, errorMessages.notAuthenticated, challenge);
  return request.auth;
}
