import { randomBytes } from 'node:crypto';
import type { Database } from '../db/connect.ts';
import { emailVerificationKeys } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { hashKey } from './tokens.ts';

/** Verification e-mails asked for per address, and per client, in this window. */
export const RESEND_WINDOW_MS = 60 * 60 * 1000;
export const MAX_RESENDS = { email: 3, ip: 30 } as const;

/**
 * Where links in e-mails point. Never taken from the request's Host header, which a client
 * chooses: a link built from it could send the key to someone else's site.
 */
export function publicUrl(): string {
  return (process.env.PORTAL_PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/+$/, '');
}

/**
 * Gives an unverified user a new verification key (the previous link stops working) and
 * e-mails the link to the SPA's verify page, /auth/register/verify/{key}. Only the key's
 * hash is stored.
 */
export async function sendVerificationEmail(
  db: Database,
  mailer: Mailer,
  user: { id: number; email: string; firstName: string },
  now: Date,
): Promise<void> {
  const key = randomBytes(32).toString('base64url');
  await db
    .insert(emailVerificationKeys)
    .values({ userId: user.id, keyHash: hashKey(key), createdAt: now })
    .onConflictDoUpdate({ target: emailVerificationKeys.userId, set: { keyHash: hashKey(key), createdAt: now } });
  const greeting = user.firstName.trim() ? `Hello ${user.firstName.trim()},` : 'Hello,';
  await mailer.send({
    to: user.email,
    subject: 'Verify your email address',
    text: [
      greeting,
      '',
      'Please confirm your email address for the Customer Portal by opening this link:',
      `${publicUrl()}/auth/register/verify/${key}`,
      '',
      'If you did not ask for this, you can ignore this email.',
    ].join('\n'),
  });
}
