import type { FastifyReply, FastifyRequest } from 'fastify';

import { callFlowMessages } from '@portal/contract';

import { detailError } from '../../plugins/errors.ts';

/** The strong ETag of a version: "7". */
export const etagOf = (version: number) => `"${version}"`;

export function sendVersion(reply: FastifyReply, version: number): void {
  reply.header('etag', etagOf(version));
  reply.header('cache-control', 'no-cache');
}

/** Whether an If-Match header lets a change to this version through: "*", or one of its entity tags (a bare number is taken too). */
function ifMatchAllows(header: string, version: number): boolean {
  const wanted = etagOf(version);
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === wanted || tag === String(version));
}

/**
 * Optimistic concurrency: a change that names the version it started from (body `version`
 * or If-Match) must start from the current one, else 412 with the contract's message.
 */
export function checkVersion(request: FastifyRequest, current: number, bodyVersion?: number): void {
  const header = request.headers['if-match'];
  const stale =
    (bodyVersion !== undefined && bodyVersion !== current) ||
    (typeof header === 'string' && !ifMatchAllows(header, current));
  if (stale) throw detailError(412, callFlowMessages.changedElsewhere);
}
