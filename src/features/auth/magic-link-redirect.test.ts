import { beforeEach, describe, expect, it } from 'vitest';

import { MAGIC_LINK_NEXT_KEY, rememberPathForMagicLink, takePathAfterMagicLink } from './magic-link-redirect.ts';

beforeEach(() => localStorage.clear());

describe('the remembered path of a magic-link sign-in', () => {
  it('keeps a safe path under the auth. prefix and gives it back once', () => {
    rememberPathForMagicLink('/call-flows/12?tab=active-call-flow#top');
    expect(localStorage.getItem(MAGIC_LINK_NEXT_KEY)).toBe('/call-flows/12?tab=active-call-flow#top');
    expect(MAGIC_LINK_NEXT_KEY.startsWith('auth.')).toBe(true);
    expect(takePathAfterMagicLink()).toBe('/call-flows/12?tab=active-call-flow#top');
    expect(takePathAfterMagicLink()).toBeNull();
  });

  it('keeps nothing that could leave the site, and forgets an older path then', () => {
    rememberPathForMagicLink('/billing');
    for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      rememberPathForMagicLink(next);
      expect(localStorage.getItem(MAGIC_LINK_NEXT_KEY)).toBeNull();
    }
    rememberPathForMagicLink('/billing');
    rememberPathForMagicLink(null);
    expect(takePathAfterMagicLink()).toBeNull();
  });

  it('refuses a stored path that is not safe (written by something else)', () => {
    localStorage.setItem(MAGIC_LINK_NEXT_KEY, '//evil.example/steal');
    expect(takePathAfterMagicLink()).toBeNull();
    expect(localStorage.getItem(MAGIC_LINK_NEXT_KEY)).toBeNull();
  });
});
