import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { socialMessages } from '@portal/contract';

import { getToken } from '../../lib/token-storage.ts';
import { installFakeFetch, sampleMe, sampleNavigation } from '../../test/fake-fetch.ts';
import { cleanupApp, renderApp, resetAppState } from '../../test/render-app.tsx';
import { leaveFor, readSocialSignIn, rememberSocialSignIn } from './index.ts';

vi.mock('./leave-for.ts', () => ({ leaveFor: vi.fn() }));

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
  vi.mocked(leaveFor).mockClear();
});
afterEach(cleanupApp);

const authorizationUrl = 'http://localhost/sandbox/oauth/google/authorize?state=s-1';
const home = { 'GET /api/v3/me/': { json: sampleMe }, 'GET /api/v3/navigation/': { json: sampleNavigation } };
const socialCalls = (calls: { url: string }[]) =>
  calls.filter((call) => /\/auth\/(accesstoken\/)?(google|facebook|linkedin)\//.test(call.url));

describe('the social sign-in buttons', () => {
  it('show on the login page, keeping the remembered path', async () => {
    installFakeFetch({});
    renderApp('/auth/login/?next=%2Fbilling');
    // The buttons load lazily, beside the page: the first import of their module is slow under test.
    const region = await screen.findByRole('region', { name: 'Sign in with Google, Facebook or LinkedIn' });
    expect(within(region).getByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/auth/login/google/?next=%2Fbilling',
    );
    expect(within(region).getByRole('link', { name: 'Continue with Facebook' })).toHaveAttribute(
      'href',
      '/auth/login/facebook/?next=%2Fbilling',
    );
    expect(within(region).getByRole('link', { name: 'Continue with LinkedIn' })).toHaveAttribute(
      'href',
      '/auth/login/linkedin/?next=%2Fbilling',
    );
  });

  it('show on the register page, for the register journey', async () => {
    installFakeFetch({});
    renderApp('/auth/register');
    const region = await screen.findByRole('region', { name: 'Create an account with Google, Facebook or LinkedIn' });
    expect(within(region).getByRole('link', { name: 'Continue with LinkedIn' })).toHaveAttribute(
      'href',
      '/auth/register/linkedin/',
    );
  });
});

describe('/auth/{page}/{provider}/', () => {
  it('asks for a state, keeps it in this tab with the remembered path, and leaves for the provider', async () => {
    const { calls } = installFakeFetch({
      'GET /auth/accesstoken/google/': { json: { authorization_url: authorizationUrl, state: 's-1' } },
    });
    renderApp('/auth/login/google/?next=%2Fbilling');
    await screen.findByText('Taking you to Google…');
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(authorizationUrl));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /auth/accesstoken/google/?page=login']);
    expect(readSocialSignIn()).toEqual({ state: 's-1', provider: 'google', page: 'login', next: '/billing' });
  });

  it('does nothing for a provider that is not google, facebook or linkedin: back to the page, no request', async () => {
    const { calls } = installFakeFetch({});
    const { where } = renderApp('/auth/login/twitter/?next=%2Fbilling');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(where()).toBe('/auth/login/?next=%2Fbilling');
    const { where: registerWhere } = renderApp('/auth/register/myspace/');
    await waitFor(() => expect(registerWhere()).toBe('/auth/register'));
    expect(socialCalls(calls)).toEqual([]);
    expect(leaveFor).not.toHaveBeenCalled();
    expect(readSocialSignIn()).toBeNull();
  });

  it("shows the server's refusal with a way back, and never leaves for it", async () => {
    installFakeFetch({
      'GET /auth/accesstoken/facebook/': { status: 400, json: { detail: socialMessages.notAvailable('Facebook') } },
    });
    renderApp('/auth/login/facebook/');
    await screen.findByRole('heading', { level: 1, name: 'We could not start signing you in with Facebook' });
    expect(screen.getByRole('alert').textContent).toBe(socialMessages.notAvailable('Facebook'));
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/login/');
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('never follows an authorization URL that is not a web address', async () => {
    installFakeFetch({
      'GET /auth/accesstoken/google/': { json: { authorization_url: 'javascript:alert(1)', state: 's-1' } },
    });
    renderApp('/auth/login/google/');
    await screen.findByRole('alert');
    expect(leaveFor).not.toHaveBeenCalled();
    expect(readSocialSignIn()).toBeNull();
  });
});

describe('the /login callback', () => {
  it('exchanges the code when the state is this tab’s, signs in as login does, and goes to the remembered path', async () => {
    rememberSocialSignIn({
      state: 's-1',
      provider: 'linkedin',
      page: 'login',
      next: '/call-flows/12?tab=active-call-flow',
    });
    const { calls } = installFakeFetch({ 'POST /auth/linkedin/': { json: { key: 'k'.repeat(43) } }, ...home });
    const { where } = renderApp('/login?code=the-code&state=s-1');
    await waitFor(() => expect(where()).toBe('/call-flows/12?tab=active-call-flow'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ code: 'the-code', state: 's-1' });
    expect(getToken()).toBe('k'.repeat(43));
    expect(readSocialSignIn()).toBeNull();
  });

  it('aborts silently on a tampered or missing state: back to sign in, no request, no message', async () => {
    for (const path of ['/login?code=the-code&state=tampered', '/login?code=the-code']) {
      rememberSocialSignIn({ state: 's-1', provider: 'google', page: 'login', next: null });
      const { calls } = installFakeFetch({});
      const { where } = renderApp(path);
      await waitFor(() => expect(where()).toBe('/auth/login/'));
      await screen.findByRole('heading', { level: 1, name: 'Sign in' });
      expect(socialCalls(calls)).toEqual([]);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(getToken()).toBeNull();
      cleanupApp();
    }
  });

  it('aborts silently when this tab started no sign-in', async () => {
    const { calls } = installFakeFetch({});
    const { where } = renderApp('/login?code=the-code&state=s-1');
    await waitFor(() => expect(where()).toBe('/auth/login/'));
    expect(socialCalls(calls)).toEqual([]);
  });

  it("shows the server's message when the exchange is refused, with a way back to the page it began on", async () => {
    // A state of its own: a state's exchange runs once per page load, and an earlier test's succeeded.
    rememberSocialSignIn({ state: 's-2', provider: 'google', page: 'register', next: null });
    installFakeFetch({
      'POST /auth/google/': { status: 400, json: { detail: socialMessages.stateExpired('Google') } },
    });
    renderApp('/login?code=the-code&state=s-2');
    await screen.findByRole('heading', { level: 1, name: 'We could not sign you in with Google' });
    expect(screen.getByRole('alert').textContent).toBe(socialMessages.stateExpired('Google'));
    expect(screen.getByRole('link', { name: 'Back to create an account' })).toHaveAttribute('href', '/auth/register');
    await waitFor(() => expect(document.title).toContain('Error: Sign in with Google'));
    expect(getToken()).toBeNull();
  });

  it('goes back where the sign-in began when it was cancelled at the provider', async () => {
    rememberSocialSignIn({ state: 's-1', provider: 'google', page: 'login', next: '/billing' });
    const { calls } = installFakeFetch({});
    const { where } = renderApp('/login?error=access_denied&state=s-1');
    await waitFor(() => expect(where()).toBe('/auth/login/?next=%2Fbilling'));
    expect(socialCalls(calls)).toEqual([]);
    expect(readSocialSignIn()).toBeNull();
  });
});
