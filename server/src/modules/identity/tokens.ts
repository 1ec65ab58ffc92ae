import { createHash, randomBytes } from 'node:crypto';

import type { AuthenticatedUser, Authentication } from './tokens-repository.ts';

// Re-exported from the import (type-only, so no runtime cycle with the repository, which uses the helpers below).
export type { Authentication, AuthenticatedUser };

/** A token unused for this long is dead (last_used_at). */
export const TOKEN_IDLE_LIFETIME_MS = 8 * 60 * 60 * 1000;
/** A token older than this is dead however much it is used (created_at). */
export const TOKEN_ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often, so a busy client does not cost a write per request. */
export const TOKEN_TOUCH_INTERVAL_MS = 60 * 1000;

/** 32 bytes, base64url without padding: what every key we hand out looks like (tokens, link keys). */
export const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new random key (256 bits, base64url): a token's, a link's. */
export const newKey = (): string => randomBytes(32).toString('base64url');

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The person really behind a session: the staff member while switched, else the user. */
export const realUserOf = (auth: Authentication): AuthenticatedUser => auth.actingUser ?? auth.user;
