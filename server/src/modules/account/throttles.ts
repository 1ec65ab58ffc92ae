import type { FastifyRequest } from 'fastify';

import { accountMessages } from '@portal/contract';

import { tooManyRequests } from '../../plugins/errors.ts';
import { hitRateLimit } from '../identity/index.ts';

/** Requests per address (e-mail or mobile number) and per client IP in THROTTLE_WINDOW_MS. */
export const THROTTLE_WINDOW_MS = 60 * 60 * 1000;
export const ACCOUNT_LIMITS = {
  register: { address: 3, ip: 30 },
  magicLink: { address: 5, ip: 30 },
  passwordReset: { address: 5, ip: 30 },
  smsSend: { address: 5, ip: 20 },
  // Each code also allows only MAX_SMS_CODE_TRIES guesses.
  smsVerify: { address: 20, ip: 60 },
} as const;

type Limited = keyof typeof ACCOUNT_LIMITS;

/**
 * Counts the request against its client, then its address. Over the client's limit: 429 with
 * Retry-After. Over the address's limit it answers the seconds until the address may be used
 * again (null while under it): the e-mail journeys then answer as usual but send nothing, so
 * that nobody can block another person's sign-in or reset links by asking for them first.
 */
export async function throttle(request: FastifyRequest, name: Limited, address: string): Promise<number | null> {
  const limits = ACCOUNT_LIMITS[name];
  const { db } = request.server;
  const now = request.server.now();
  const clientWait = await hitRateLimit(
    db,
    [{ bucket: `${name}_ip`, key: request.ip, limit: limits.ip }],
    THROTTLE_WINDOW_MS,
    now,
  );
  if (clientWait !== null) throw tooMany(clientWait);
  return hitRateLimit(
    db,
    [{ bucket: `${name}_address`, key: address, limit: limits.address }],
    THROTTLE_WINDOW_MS,
    now,
  );
}

const tooMany = (retryAfter: number) => tooManyRequests(accountMessages.tooManyRequests, retryAfter);

/** The throttle of the SMS calls (modules/signup): over the number's limit is a 429 too (a code is asked for by whoever holds the phone). */
export async function throttleStrictly(request: FastifyRequest, name: Limited, address: string): Promise<void> {
  const wait = await throttle(request, name, address);
  if (wait !== null) throw tooMany(wait);
}
