/**
 * Where the session token lives. The spec's storage keys use the prefixes `auth.`,
 * `_token.` and `_refresh_token.`; the local (email and password) strategy's token is
 * kept under `auth._token.local` as the bare key the server answered.
 */
export const TOKEN_STORAGE_KEY = 'auth._token.local';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings); the app then works without a session.
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) || null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
  notify(token);
}

/** Removes the token; the listeners hear it even when none was stored (they may still think one is). */
export function clearToken(): void {
  storage()?.removeItem(TOKEN_STORAGE_KEY);
  notify(null);
}

/** Called with the new token (or null) whenever it changes, in this tab or another. */
export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(token: string | null): void {
  for (const listener of listeners) listener(token);
}

if (typeof window !== 'undefined') {
  // Signing in or out in another tab changes this tab's session too.
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) notify(getToken());
  });
}
