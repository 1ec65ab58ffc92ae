import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as paths from '../config/paths.ts';
import { getToken, setToken } from '../lib/token-storage.ts';
import { installFakeFetch, sampleMe } from '../test/fake-fetch.ts';
import { cleanupApp, renderApp, resetAppState } from '../test/render-app.tsx';
import { JOURNEY_PAGES_NOT_BUILT } from './journey-frames.ts';

// The frames and pages are lazy chunks; under a loaded test run their first import can take seconds.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(resetAppState);
afterEach(cleanupApp);

const header = () => screen.getByRole('banner');

describe('guest journey frames', () => {
  it.each([
    [paths.signupPage.build({ page: 'number' }), 'Sign up'],
    [paths.trial.build(), 'Sign up'],
    [paths.buynowPage.build({ page: 'details' }), 'Buy online'],
    [paths.numberSelect.build(), 'Choose your number'],
    [paths.makeAPayment.build(), 'Make a payment'],
    [paths.mandateEntry.build({ token: 'abc' }), 'Set up a Direct Debit'],
    [paths.recurringCardPaymentInvalidLink.build(), 'Card payments'],
    [paths.broadbandAvailabilityResults.build(), 'Broadband'],
  ])('%s shows its page inside the %s frame, with a way to sign in', async (path, label) => {
    installFakeFetch({});
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(within(header()).getByText(label)).toBeTruthy();
    expect(within(header()).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(paths.authLogin.build());
  });

  it('offers the account instead of signing in to a signed-in visitor', async () => {
    setToken('good');
    installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe } });
    renderApp(paths.buynow.build());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(within(header()).getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('/');
  });

  it('gives every frame at least one route, and no route to two frames', () => {
    const patterns = Object.values(JOURNEY_PAGES_NOT_BUILT).flatMap((pages) => pages.map((page) => page.pattern));
    expect(Object.values(JOURNEY_PAGES_NOT_BUILT).every((pages) => pages.length > 0)).toBe(true);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

describe('getting-started frame', () => {
  it('needs a session: a signed-out visitor goes to sign in and comes back afterwards', async () => {
    installFakeFetch({});
    const { where } = renderApp('/getting-started/welcome?id=12');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(where()).toBe(`/auth/login/?next=${encodeURIComponent('/getting-started/welcome?id=12')}`);
  });

  it('has no side navigation, and its Logout signs out', async () => {
    setToken('good');
    const { calls } = installFakeFetch({
      'GET /api/v3/me/': { json: sampleMe },
      'POST /auth/logout/': { json: { detail: 'Successfully logged out.' } },
    });
    const { where } = renderApp('/getting-started/welcome?id=12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: /main|side/i })).toBeNull();
    fireEvent.click(within(header()).getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/auth/logout/'))).toBe(true);
    expect(getToken()).toBeNull();
    await waitFor(() => expect(where()).toBe('/auth/login/'));
  });
});
