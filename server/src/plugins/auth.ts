import type { FastifyInstance, FastifyRequest } from 'fastify';

import { errorMessages } from '@portal/contract';

import {
  authenticateKey,
  hashKey,
  KEY_PATTERN,
  sessionOf,
  type Authentication,
  type SessionRow,
} from '../modules/identity/index.ts';
import { auditSwitchedChange } from '../modules/staff/audit.ts';
import { detailError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on routes that need a signed-in user. */
    auth: Authentication | null;
    /** The key of the request's token, set by `requireTokenKey` or `authenticate` for the handler's `readWithSession`. */
    tokenKey: string | null;
  }
}

// Tells the client which scheme to use, as DRF's TokenAuthentication does.
const challenge = { 'WWW-Authenticate': 'Token' };

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('tokenKey', null);
  // Changes made while a staff member acts as a customer are audited (modules/staff/audit.ts).
  app.decorateRequest('staffAudited', false);
  app.addHook('onSend', auditSwitchedChange);
}

/** The key of an `Authorization: Token {key}` header; 401 without one, or with anything else. */
function tokenKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const [scheme, key, ...rest] = (header ?? '').trim().split(/\s+/);
  if (!header || scheme?.toLowerCase() !== 'token') {
    throw detailError(401, errorMessages.notAuthenticated, challenge);
  }
  return key && rest.length === 0 && KEY_PATTERN.test(key) ? key : null;
}

const invalidToken = () => detailError(401, errorMessages.invalidToken, challenge);

/** Route hook: accepts `Authorization: Token {key}` for a live token, else answers 401. */
export async function authenticate(request: FastifyRequest) {
  const key = tokenKeyOf(request);
  const auth = key ? await authenticateKey(request.server.db, key, request.server.now()) : null;
  if (!auth) throw invalidToken();
  request.auth = auth;
  // A handler may still read a query with the session (`readWithSession`), as its GET does.
  request.tokenKey = key;
}

/**
 * Route hook of a handler that reads the session in its own query (`readWithSession`): the header is checked
 * here (401 without a token, or with one no key looks like), the token's row by the handler's query.
 */
export async function requireTokenKey(request: FastifyRequest) {
  const key = tokenKeyOf(request);
  if (!key) throw invalidToken();
  request.tokenKey = key;
}

/**
 * Runs a route's query that reads the session's columns beside its own rows (tokens-repository.ts
 * `selectWithSession`: one round trip instead of two), and authenticates from its first row as `authenticate`
 * does: 401 "Invalid token." when the token is unknown, revoked or expired. Answers the rows (at least one).
 */
export async function readWithSession<R extends SessionRow>(
  request: FastifyRequest,
  read: (keyHash: string) => Promise<readonly R[]>,
): Promise<readonly [R, ...R[]]> {
  const key = request.tokenKey;
  const [first, ...rest] = key ? await read(hashKey(key)) : [];
  const auth = first ? await sessionOf(request.server.db, first, request.server.now()) : null;
  if (!first || !auth) throw invalidToken();
  request.auth = auth;
  return [first, ...rest];
}

/** The signed-in user of a route that ran `authenticate`. */
export function authOf(request: FastifyRequest): Authentication {
  if (!request.auth) throw detailError(401, errorMessages.notAuthenticated, challenge);
  return request.auth;
}
