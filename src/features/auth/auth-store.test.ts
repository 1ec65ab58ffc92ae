import { beforeEach, describe, expect, it, vi } from 'vitest';

import { clearToken, setToken, TOKEN_STORAGE_KEY } from '../../lib/token-storage.ts';
import { sampleMe } from '../../test/fake-fetch.ts';
import { getAuthState, setAuthUser, subscribeAuth } from './auth-store.ts';

beforeEach(() => {
  clearToken();
});

describe('auth store', () => {
  it('is signed in while there is a token and keeps the user set for it', () => {
    setToken('t');
    setAuthUser(sampleMe);
    expect(getAuthState()).toEqual({ user: sampleMe, loggedIn: true });
  });

  it('signs out, dropping the user, when the token goes', () => {
    setToken('t');
    setAuthUser(sampleMe);
    const listener = vi.fn();
    const stop = subscribeAuth(listener);
    clearToken();
    stop();
    expect(getAuthState()).toEqual({ user: null, loggedIn: false });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('follows a sign-out in another tab', () => {
    setToken('t');
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    expect(getAuthState().loggedIn).toBe(false);
  });
});
