import { afterEach, describe, expect, it } from 'vitest';

import {
  callbackAction,
  forgetSocialSignIn,
  readSocialSignIn,
  rememberSocialSignIn,
  SOCIAL_SIGN_IN_KEY,
  startPagePath,
  type SocialSignIn,
} from './social-state.ts';

const kept: SocialSignIn = { state: 'state-123', provider: 'google', page: 'login', next: '/billing' };
const query = (text: string) => new URLSearchParams(text);

afterEach(() => sessionStorage.clear());

describe('the callback state check (spec 000 section 4)', () => {
  it('exchanges the code only when the state is the one this tab kept', () => {
    expect(callbackAction(query('code=abc&state=state-123'), kept)).toEqual({
      kind: 'exchange',
      signIn: kept,
      code: 'abc',
    });
  });

  it('aborts when the state is missing, differs, or this tab kept none', () => {
    expect(callbackAction(query('code=abc'), kept)).toEqual({ kind: 'abort' });
    expect(callbackAction(query('code=abc&state='), kept)).toEqual({ kind: 'abort' });
    expect(callbackAction(query('code=abc&state=state-124'), kept)).toEqual({ kind: 'abort' });
    expect(callbackAction(query('code=abc&state=STATE-123'), kept)).toEqual({ kind: 'abort' });
    expect(callbackAction(query('code=abc&state=state-123'), null)).toEqual({ kind: 'abort' });
  });

  it('treats an error from the provider, or no code, as cancelled, but only with the right state', () => {
    expect(callbackAction(query('error=access_denied&state=state-123'), kept)).toEqual({
      kind: 'cancelled',
      signIn: kept,
    });
    expect(callbackAction(query('state=state-123'), kept)).toEqual({ kind: 'cancelled', signIn: kept });
    expect(callbackAction(query('error=access_denied&state=other'), kept)).toEqual({ kind: 'abort' });
  });
});

describe('the sign-in kept in this tab', () => {
  it('round-trips through sessionStorage and is forgotten', () => {
    rememberSocialSignIn(kept);
    expect(readSocialSignIn()).toEqual(kept);
    expect(localStorage.getItem(SOCIAL_SIGN_IN_KEY)).toBeNull();
    forgetSocialSignIn();
    expect(readSocialSignIn()).toBeNull();
  });

  it('never keeps a remembered path that could leave the site', () => {
    rememberSocialSignIn({ ...kept, next: '//evil.example/' });
    expect(readSocialSignIn()?.next).toBeNull();
    sessionStorage.setItem(SOCIAL_SIGN_IN_KEY, JSON.stringify({ ...kept, next: 'javascript:alert(1)' }));
    expect(readSocialSignIn()?.next).toBeNull();
  });

  it('reads nothing from a value it did not write: junk, an unknown provider or page', () => {
    for (const junk of [
      '{',
      '"state"',
      JSON.stringify({ ...kept, provider: 'twitter' }),
      JSON.stringify({ ...kept, page: 'checkout' }),
      JSON.stringify({ ...kept, state: '' }),
    ]) {
      sessionStorage.setItem(SOCIAL_SIGN_IN_KEY, junk);
      expect(readSocialSignIn()).toBeNull();
    }
  });

  it('goes back to the page it began on, keeping a safe remembered path', () => {
    expect(startPagePath('login', '/billing')).toBe('/auth/login/?next=%2Fbilling');
    expect(startPagePath('register', null)).toBe('/auth/register');
    expect(startPagePath('login', '//evil.example')).toBe('/auth/login/');
  });
});

describe("the self sign-up's Google step ('ssu')", () => {
  it('is kept and read back, and goes back to its own details page (or /signup/details when none is kept)', () => {
    const ssu: SocialSignIn = { state: 'state-ssu', provider: 'google', page: 'ssu', next: '/signup-voip3-b/details' };
    rememberSocialSignIn(ssu);
    expect(readSocialSignIn()).toEqual(ssu);
    expect(startPagePath('ssu', ssu.next)).toBe('/signup-voip3-b/details');
    expect(startPagePath('ssu', null)).toBe('/signup/details');
    expect(startPagePath('ssu', 'https://evil.example/')).toBe('/signup/details');
  });
});
