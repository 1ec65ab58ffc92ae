import { isSafePath } from '../../lib/safe-path.ts';

/**
 * The remembered path of a magic-link sign-in. The link arrives by e-mail, without the login
 * page's `?next=`, so the path is kept in this browser when the link is asked for and taken
 * back when the link is opened (spec 000: the original path is restored after login). Only a
 * path passing the safe-path rule is kept; the storage key uses the spec's `auth.` prefix.
 */
export const MAGIC_LINK_NEXT_KEY = 'auth.redirect';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage switched off: the sign-in still works and goes home
  }
}

/** Keeps `next` for the magic link being asked for (or forgets an older one when `next` is not safe). */
export function rememberPathForMagicLink(next: string | null | undefined): void {
  if (isSafePath(next)) storage()?.setItem(MAGIC_LINK_NEXT_KEY, next);
  else storage()?.removeItem(MAGIC_LINK_NEXT_KEY);
}

/** The kept path, once: it is removed as it is read. Null when none was kept or it is not safe. */
export function takePathAfterMagicLink(): string | null {
  const next = storage()?.getItem(MAGIC_LINK_NEXT_KEY) ?? null;
  storage()?.removeItem(MAGIC_LINK_NEXT_KEY);
  return isSafePath(next) ? next : null;
}
