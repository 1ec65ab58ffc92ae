import { useSyncExternalStore } from 'react';

import type { Me } from '@portal/contract';

import { getToken, subscribeToken } from '../../lib/token-storage.ts';

/**
 * The authentication state of the spec (section 3, "Auth state"): the signed-in user
 * and whether there is a session. `loggedIn` follows the stored token, so clearing the
 * token anywhere (sign-out, a 401 "Invalid token.", another tab) signs this state out.
 */
export interface AuthState {
  user: Me | null;
  loggedIn: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: AuthState = { user: null, loggedIn: getToken() !== null };

function update(next: AuthState): void {
  if (next.user === state.user && next.loggedIn === state.loggedIn) return;
  state = next;
  for (const listener of listeners) listener();
}

subscribeToken((token) => {
  update(token === null ? { user: null, loggedIn: false } : { user: state.user, loggedIn: true });
});

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records the user the session belongs to (after GET /api/v3/me/). */
export function setAuthUser(user: Me): void {
  update({ user, loggedIn: getToken() !== null });
}

/** The authentication state, re-rendering when it changes. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}
