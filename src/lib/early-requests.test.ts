import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { authEndpoints, endpoint, navigationEndpoints, statusEndpoints, trialEndpoints } from '@portal/contract';

import { installFakeFetch, resetHttpState, sampleMe } from '../test/fake-fetch.ts';
import { markAppStarted } from './early-requests.ts';
import { apiCall, onInvalidToken } from './http.ts';
import { getToken, setToken, TOKEN_STORAGE_KEY } from './token-storage.ts';

// public/early.js as index.html loads it: outside the bundle, so it is run here from its source.
const earlySource = readFileSync(join(process.cwd(), 'public/early.js'), 'utf8');
const runEarlyScript = () => new Function(earlySource)() as void;

beforeEach(() => {
  resetHttpState();
  // A signed-in page other than home: the user and the navigation only.
  window.history.replaceState(null, '', '/profile');
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
  delete window.__portalEarly;
  delete window.__portalStarted;
  vi.unstubAllGlobals();
});

describe('the user and the navigation asked for before the app starts (public/early.js)', () => {
  it("asks with the contract's addresses and the token where the app keeps it", () => {
    expect(earlySource).toContain(`'${TOKEN_STORAGE_KEY}'`);
    expect(earlySource).toContain(`['${authEndpoints.me.path}', '${navigationEndpoints.navigation.path}']`);
  });

  it("on the home page also asks for the default layout's start-up calls, at the contract's addresses", () => {
    const homePaths = [
      statusEndpoints.getGettingStarted.path,
      trialEndpoints.getTrialStatus.path,
      statusEndpoints.getServiceStatus.path,
      statusEndpoints.getCreditStatus.path,
    ];
    expect(earlySource).toContain(homePaths.map((path) => `  '${path}',\n`).join(''));
    window.history.replaceState(null, '', '/');
    setToken('home-key');
    const { calls } = installFakeFetch({});
    runEarlyScript();
    expect(calls.map((call) => [call.url, call.headers.authorization])).toEqual(
      ['/api/v3/me/', '/api/v3/navigation/', ...homePaths].map((url) => [url, 'Token home-key']),
    );
  });

  it('sends the csrftoken cookie as X-CSRFToken, as every call does (spec 000 section 7)', () => {
    setToken('early-key');
    document.cookie = 'csrftoken=early-csrf';
    const { calls } = installFakeFetch({});
    runEarlyScript();
    expect(calls.map((call) => call.headers['x-csrftoken'])).toEqual(['early-csrf', 'early-csrf']);
  });

  it('asks for both with the stored token; the app takes each answer once, then asks the server itself', async () => {
    setToken('early-key');
    const { calls } = installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe } });
    runEarlyScript();
    expect(calls.map((call) => [call.url, call.headers.authorization])).toEqual([
      ['/api/v3/me/', 'Token early-key'],
      ['/api/v3/navigation/', 'Token early-key'],
    ]);

    await expect(apiCall(authEndpoints.me)).resolves.toMatchObject({ id: sampleMe.id, name: sampleMe.name });
    expect(calls).toHaveLength(2);
    await apiCall(authEndpoints.me);
    expect(calls).toHaveLength(3);
    // The navigation's answer (a 404 from this fake) is still waiting to be taken, as an error answer like any other.
    await expect(apiCall(navigationEndpoints.navigation)).rejects.toMatchObject({ status: 404 });
    expect(calls).toHaveLength(3);
  });

  it('hands an answer only to a call with the same token: after signing in as someone else the app asks afresh', async () => {
    setToken('first-key');
    const { calls } = installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe } });
    runEarlyScript();
    setToken('second-key');
    await apiCall(authEndpoints.me);
    expect(calls.at(-1)?.headers.authorization).toBe('Token second-key');
    expect(calls).toHaveLength(3);
  });

  it('an early "Invalid token." answer signs the page out as an answer to the app itself would', async () => {
    setToken('revoked-key');
    installFakeFetch({ 'GET /api/v3/me/': { status: 401, json: { detail: 'Invalid token.' } } });
    runEarlyScript();
    const heard = vi.fn();
    const stop = onInvalidToken(heard);
    await expect(apiCall(authEndpoints.me)).rejects.toMatchObject({ status: 401 });
    stop();
    expect(getToken()).toBeNull();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('drops what start-up has not taken after 30 s: a later call asks the server afresh', async () => {
    vi.useFakeTimers();
    try {
      setToken('idle-key');
      const { calls } = installFakeFetch({ 'GET /api/v3/navigation/': { json: { account: null, products: [] } } });
      runEarlyScript();
      vi.advanceTimersByTime(30_000);
      expect(window.__portalEarly).toBeUndefined();
      await apiCall(navigationEndpoints.navigation);
      expect(calls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands out nothing asked for before a call that may change it: after confirming a new address, me is asked afresh', async () => {
    setToken('changing-key');
    document.cookie = 'csrftoken=c1';
    const confirm = endpoint({
      method: 'POST',
      path: '/api/v3/me/email/confirm/',
      summary: 'test',
      auth: true,
      body: z.object({}),
      response: z.object({}),
    });
    const { calls } = installFakeFetch({
      'GET /api/v3/me/': { json: sampleMe },
      'POST /api/v3/me/email/confirm/': { json: {} },
    });
    runEarlyScript();
    await apiCall(confirm, { body: {} });
    expect(window.__portalEarly).toBeUndefined();
    await apiCall(authEndpoints.me);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/v3/me/',
      'GET /api/v3/navigation/',
      'POST /api/v3/me/email/confirm/',
      'GET /api/v3/me/',
    ]);
  });

  it('asks for nothing without a token, or once the app has started', () => {
    const { calls } = installFakeFetch({});
    runEarlyScript();
    expect(window.__portalEarly).toBeUndefined();
    setToken('late-key');
    markAppStarted();
    runEarlyScript();
    expect(calls).toHaveLength(0);
  });
});
