import { isSocialPage, isSocialProvider, type SocialProvider, type SocialStartPage } from '@portal/contract';

import * as journeyPaths from '../../config/journey-paths.ts';
import * as paths from '../../config/paths.ts';
import { isSafePath } from '../../lib/safe-path.ts';

/**
 * The social sign-in under way in this tab (contract/src/social.ts): the state the server made,
 * the provider, the page it began on and the remembered path. Kept in sessionStorage, which
 * belongs to this tab alone: a callback opened anywhere else finds nothing and does nothing.
 * The key uses the spec's `auth.` prefix.
 */
export const SOCIAL_SIGN_IN_KEY = 'auth.social_sign_in';

export interface SocialSignIn {
  state: string;
  provider: SocialProvider;
  /** The page it began on; 'ssu' for the self sign-up's details step, whose `next` is that page. */
  page: SocialStartPage;
  /** Where to go once signed in (already checked by the safe-path rule), or null for home. */
  next: string | null;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage switched off: the callback then finds no state and aborts
  }
}

export function rememberSocialSignIn(signIn: SocialSignIn): void {
  storage()?.setItem(
    SOCIAL_SIGN_IN_KEY,
    JSON.stringify({ ...signIn, next: isSafePath(signIn.next) ? signIn.next : null }),
  );
}

/** The sign-in kept in this tab, or null when there is none or it is not one we wrote. */
export function readSocialSignIn(): SocialSignIn | null {
  let value: unknown;
  try {
    value = JSON.parse(storage()?.getItem(SOCIAL_SIGN_IN_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { state, provider, page, next } = value as Record<string, unknown>;
  if (
    typeof state !== 'string' ||
    state === '' ||
    !isSocialProvider(provider) ||
    !(isSocialPage(page) || page === 'ssu')
  )
    return null;
  return { state, provider, page, next: typeof next === 'string' && isSafePath(next) ? next : null };
}

export function forgetSocialSignIn(): void {
  storage()?.removeItem(SOCIAL_SIGN_IN_KEY);
}

/** The page a social sign-in began on (login or register, keeping the remembered path; the self sign-up's page). */
export function startPagePath(page: SocialStartPage, next: string | null): string {
  if (page === 'ssu') return isSafePath(next) ? next : '/signup/details';
  const route = page === 'register' ? journeyPaths.authRegister : paths.authLogin;
  return route.build({}, { next: isSafePath(next) ? next : undefined });
}

/** What the callback (/login?code=&state=) should do. */
export type CallbackAction =
  /** The state is missing or not this tab's: back to sign in, silently, with no request (spec 000 section 4). */
  | { kind: 'abort' }
  /** The person said no at the provider (error=access_denied), or it sent no code: back where they began. */
  | { kind: 'cancelled'; signIn: SocialSignIn }
  /** Exchange the code at POST /auth/{provider}/. */
  | { kind: 'exchange'; signIn: SocialSignIn; code: string };

/**
 * Compares the callback's state with the one this tab kept.
 * @example callbackAction(new URLSearchParams('code=c&state=s'), { state: 's', provider: 'google', page: 'login', next: null }) // { kind: 'exchange', ... }
 */
export function callbackAction(query: URLSearchParams, kept: SocialSignIn | null): CallbackAction {
  const state = query.get('state');
  if (!state || !kept || state !== kept.state) return { kind: 'abort' };
  const code = query.get('code');
  if (query.has('error') || !code) return { kind: 'cancelled', signIn: kept };
  return { kind: 'exchange', signIn: kept, code };
}
