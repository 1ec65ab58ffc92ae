import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';

import { SMS_CODE_TTL_MINUTES } from '@portal/contract';

import type { Database, Inserts } from '../../db/connect.ts';
import { smsCodes } from '../../db/schema/identity.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** How long a texted code works. */
export const SMS_CODE_LIFETIME_MS = SMS_CODE_TTL_MINUTES * 60 * 1000;
/** Guesses allowed per code, the right one included; then the code is dead. */
export const MAX_SMS_CODE_TRIES = 5;

/**
 * Stores a new 6-digit code for a mobile number (national form) and answers it. Only the
 * newest code of a number counts, so sending again retires the previous one. The code is
 * hashed with scrypt, like a password: a million candidates at tens of milliseconds each
 * takes hours, far longer than the code lives, so a copy of the table gives nothing away.
 */
export async function createSmsCode(db: Inserts, mobileNumber: string, now: Date): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(smsCodes).values({
    mobileNumber,
    codeHash: await hashPassword(code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SMS_CODE_LIFETIME_MS),
  });
  return code;
}

/** The outcome of a guess: right (and now spent), wrong, no live code, or out of tries. */
export type SmsCodeCheck = 'ok' | 'wrong' | 'expired' | 'tooManyTries';

/**
 * Checks a code against the newest one sent to the number. Each guess is counted before it
 * is compared, in one statement that refuses past the limit, so parallel guesses cannot
 * exceed MAX_SMS_CODE_TRIES; a right guess spends the code.
 */
export async function checkSmsCode(db: Database, mobileNumber: string, code: string, now: Date): Promise<SmsCodeCheck> {
  const [latest] = await db
    .select()
    .from(smsCodes)
    .where(eq(smsCodes.mobileNumber, mobileNumber))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  if (!latest || latest.usedAt !== null || latest.expiresAt.getTime() <= now.getTime()) return 'expired';
  const [counted] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, latest.id), lt(smsCodes.attempts, MAX_SMS_CODE_TRIES), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  // Out of tries (or spent a moment ago by a parallel guess, which is as good as dead here).
  if (!counted) return 'tooManyTries';
  if (!(await verifyPassword(code, latest.codeHash))) return 'wrong';
  const spent = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return spent.length === 1 ? 'ok' : 'expired';
}
