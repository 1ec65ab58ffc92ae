import {
  accountMessages,
  MAGIC_LINK_TTL_MINUTES,
  MANDATE_LINK_TTL_DAYS,
  NUMBER_SELECTION_TTL_DAYS,
  PAYMENT_LINK_TTL_DAYS,
  RCP_LINK_TTL_DAYS,
  RESET_LINK_TTL_MINUTES,
} from '@portal/contract';

import { detailError, type ApiError } from '../../plugins/errors.ts';
import type { KeyPurpose } from './one-time-keys-repository.ts';

// Re-exported from the import (type-only, so no runtime cycle with the repository, which uses the helpers below).
export type { KeyPurpose };

/**
 * Keys of the links we e-mail (magic link, password reset): 32 random bytes in base64url,
 * only their SHA-256 stored, bound to one user and one purpose, spent once. A key of another
 * purpose is as unknown as a made-up one. Asking for a new link leaves older ones working
 * until they expire (each is single use and short-lived); a password reset spends them all.
 */

const MINUTE_MS = 60 * 1000;
export const KEY_LIFETIME_MS: Record<KeyPurpose, number> = {
  magic_link: MAGIC_LINK_TTL_MINUTES * MINUTE_MS,
  password_reset: RESET_LINK_TTL_MINUTES * MINUTE_MS,
  number_selection: NUMBER_SELECTION_TTL_DAYS * 24 * 60 * MINUTE_MS,
  payment_link: PAYMENT_LINK_TTL_DAYS * 24 * 60 * MINUTE_MS,
  dd_mandate: MANDATE_LINK_TTL_DAYS * 24 * 60 * MINUTE_MS,
  rcp_setup: RCP_LINK_TTL_DAYS * 24 * 60 * MINUTE_MS,
};

/** Why a link's key cannot be used: never issued (or for something else), expired, or spent. */
export type LinkProblem = 'invalid' | 'expired' | 'used';

const linkMessages: Record<LinkProblem, string> = {
  invalid: accountMessages.linkInvalid,
  expired: accountMessages.linkExpired,
  used: accountMessages.linkUsed,
};

/** The 400 answer for a link that cannot be used. */
export const linkError = (problem: LinkProblem): ApiError => detailError(400, linkMessages[problem]);

/**
 * What is wrong with a stored key at `now`, or null when it may be used. Spent wins over
 * expired: "already used" is what the person needs to hear.
 */
export function linkProblemOf(
  row: { usedAt: Date | null; expiresAt: Date } | undefined,
  now: Date,
): LinkProblem | null {
  if (!row) return 'invalid';
  if (row.usedAt !== null) return 'used';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}
