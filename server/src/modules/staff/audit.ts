import type { FastifyReply, FastifyRequest } from 'fastify';

import { describeCall } from './describe.ts';
import { recordStaffRead, writeAuditEntry } from './staff-repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the handler wrote this request's audit entry itself (a switch, a return). */
    staffAudited: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Paths are bounded by Fastify's URL limits already; this keeps a pathological one from bloating the log.
const MAX_PATH_LENGTH = 2000;

/** The path of a request without its query, as the audit log keeps it. */
export const auditPathOf = (request: FastifyRequest) => (request.url.split('?')[0] ?? '').slice(0, MAX_PATH_LENGTH);

/**
 * onSend hook: a read made while switched (GET answered 2xx) joins its resource's entry of this
 * session, or begins one, before the answer leaves; an entry that cannot be written makes the
 * answer an error, as for a change.
 */
async function auditSwitchedRead(request: FastifyRequest, reply: FastifyReply) {
  const auth = request.auth;
  if (!auth?.actingUser || request.staffAudited || request.method !== 'GET') return;
  if (reply.statusCode < 200 || reply.statusCode >= 300) return;
  request.staffAudited = true;
  await recordStaffRead(request.server.db, {
    sessionId: auth.tokenId,
    staff: auth.actingUser,
    customer: auth.user,
    method: request.method,
    path: auditPathOf(request),
    summary: describeCall({ method: request.method, path: auditPathOf(request) }),
    status: reply.statusCode,
    at: request.server.now(),
  });
}

/** A JSON answer as sent (onSend has it serialised), for the name it gives what was changed; null otherwise. */
function answerOf(payload: unknown): unknown {
  if (typeof payload !== 'string' || payload.length > 100_000) return null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return null;
  }
}

/**
 * onSend hook: a read made while switched is recorded (above); a change made while switched (an unsafe method answered 2xx on a session
 * whose token carries a staff member) is written to the audit log before the answer leaves.
 * If the entry cannot be written the answer becomes a 500: the change is not reported as done
 * without its entry.
 */
export async function auditSwitchedChange(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.method === 'GET') {
    await auditSwitchedRead(request, reply);
    return payload;
  }
  const auth = request.auth;
  if (!auth?.actingUser || request.staffAudited || !UNSAFE_METHODS.has(request.method)) return payload;
  if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
  request.staffAudited = true;
  await writeAuditEntry(request.server.db, {
    action: 'change',
    staff: auth.actingUser,
    customer: auth.user,
    method: request.method,
    path: auditPathOf(request),
    summary: describeCall({
      method: request.method,
      path: auditPathOf(request),
      body: request.body,
      answer: answerOf(payload),
    }),
    status: reply.statusCode,
    at: request.server.now(),
  });
  return payload;
}
