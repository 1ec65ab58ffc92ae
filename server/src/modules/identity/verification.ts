import { VERIFY_LINK_TTL_MINUTES } from '@portal/contract';

import { settings } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { greeting, type Mailer } from '../../mail/mailer.ts';
import { hashKey, newKey } from './tokens.ts';
import { saveVerificationKey } from './verification-repository.ts';

/** Verification e-mails asked for per address, and per client, in this window. */
export const RESEND_WINDOW_MS = 60 * 60 * 1000;
export const MAX_RESENDS = { email: 3, ip: 30 } as const;

/** How long a verification link works. */
export const VERIFY_LINK_LIFETIME_MS = VERIFY_LINK_TTL_MINUTES * 60 * 1000;

/**
 * Where links in e-mails point. Never taken from the request's Host header, which a client
 * chooses: a link built from it could send the key to someone else's site (PORTAL_PUBLIC_URL, config.ts).
 */
export function publicUrl(): string {
  return settings().publicUrl;
}

/**
 * Gives an unverified user a new verification key (the previous link stops working) and
 * e-mails the link to the SPA's verify page, /auth/register/verify/{key}. Only the key's
 * hash is stored, with the address it confirms and when it expires (VERIFY_LINK_TTL_MINUTES).
 */
export async function sendVerificationEmail(
  db: Database,
  mailer: Mailer,
  user: { id: number; email: string; firstName: string },
  now: Date,
): Promise<void> {
  const key = newKey();
  const values = {
    keyHash: hashKey(key),
    createdAt: now,
    email: user.email,
    expiresAt: new Date(now.getTime() + VERIFY_LINK_LIFETIME_MS),
    usedAt: null,
  };
  await saveVerificationKey(db, user.id, values);
  await mailer.send({
    to: user.email,
    subject: 'Verify your email address',
    text: [
      greeting(user.firstName),
      '',
      'Please confirm your email address for the Customer Portal by opening this link:',
      `${publicUrl()}/auth/register/verify/${key}`,
      '',
      `The link works once, for ${VERIFY_LINK_TTL_MINUTES} minutes.`,
      '',
      'If you did not ask for this, you can ignore this email.',
    ].join('\n'),
  });
}
