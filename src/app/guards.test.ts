import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import * as paths from '../config/paths.ts';
import { getAuthState } from '../features/auth/index.ts';
import { resetCsrf } from '../lib/http.ts';
import { clearToken, getToken, setToken } from '../lib/token-storage.ts';
import { clearCookies, installFakeFetch, sampleMe, sampleNavigation } from '../test/fake-fetch.ts';
import {
  afterLoginPath,
  guestOnlyLoader,
  loginPathWithNext,
  requestLocation,
  requireSession,
  sessionUserLoader,
} from './guards.ts';
import { createAppRoutes } from './routes.tsx';

function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** A router whose loaders have all settled; its location is where the guards sent us. */
async function settle(router: ReturnType<typeof createMemoryRouter>) {
  await vi.waitFor(() => {
    expect(router.state.initialized).toBe(true);
    expect(router.state.navigation.state).toBe('idle');
  });
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
}

beforeEach(() => {
  clearToken();
  localStorage.clear();
  clearCookies();
  resetCsrf();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loginPathWithNext', () => {
  it('remembers the path, query and hash', () => {
    expect(loginPathWithNext({ pathname: '/call-flows/12', search: '?tab=active-call-flow', hash: '#x' })).toBe(
      '/auth/login/?next=%2Fcall-flows%2F12%3Ftab%3Dactive-call-flow%23x',
    );
  });

  it('remembers nothing for home', () => {
    expect(loginPathWithNext({ pathname: '/', search: '', hash: '' })).toBe('/auth/login/');
  });

  it('remembers nothing that fails the safe-path rule', () => {
    expect(loginPathWithNext({ pathname: '/evil.example', search: '', hash: '' })).toBe('/auth/login/');
  });
});

describe('afterLoginPath', () => {
  it('goes to a safe next', () => {
    expect(afterLoginPath('/call-flows/12?tab=active-call-flow#x')).toBe('/call-flows/12?tab=active-call-flow#x');
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', ''])(
    'goes home instead of %s',
    (next) => {
      expect(afterLoginPath(next)).toBe('/');
    },
  );

  it('goes home without a next', () => {
    expect(afterLoginPath(null)).toBe('/');
    expect(afterLoginPath(undefined)).toBe('/');
  });
});

describe('requestLocation', () => {
  const request = new Request('http://localhost/call-flows/12?tab=a');

  it('takes the hash of the first candidate at the same path and query', () => {
    const location = requestLocation(request, [
      undefined,
      { pathname: '/other', search: '', hash: '#no' },
      { pathname: '/call-flows/12', search: '?tab=a', hash: '#yes' },
    ]);
    expect(location).toEqual({ pathname: '/call-flows/12', search: '?tab=a', hash: '#yes' });
  });

  it('has no hash when no candidate matches', () => {
    expect(requestLocation(request, [{ pathname: '/call-flows/12', search: '', hash: '#x' }]).hash).toBe('');
  });
});

/** The guards on a small route table with one signed-in page that takes an id. */
function guardedRouter(queryClient: QueryClient, initialEntry: string) {
  const current: { router?: ReturnType<typeof createMemoryRouter> } = {};
  const locationOf = (request: Request) => requestLocation(request, [current.router?.state.navigation.location]);
  const routes: RouteObject[] = [
    { path: paths.authLogin.pattern, loader: guestOnlyLoader(queryClient), element: null },
    {
      id: 'app',
      middleware: [requireSession(locationOf)],
      loader: sessionUserLoader(queryClient, locationOf),
      children: [
        { index: true, element: null },
        { path: paths.callFlows.pattern, element: null },
      ],
    },
  ];
  current.router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  return current.router;
}

describe('signed-in routes', () => {
  it('send a signed-out person to sign in, remembering path and query', async () => {
    const { calls } = installFakeFetch({});
    const router = guardedRouter(newQueryClient(), '/call-flows/12?tab=active-call-flow');
    expect(await settle(router)).toBe('/auth/login/?next=%2Fcall-flows%2F12%3Ftab%3Dactive-call-flow');
    expect(calls).toHaveLength(0); // no loader ran without a session
  });

  it('remember the hash of an in-app navigation', async () => {
    installFakeFetch({});
    const router = guardedRouter(newQueryClient(), '/auth/login/');
    await settle(router);
    await router.navigate('/call-flows/12?tab=active-call-flow#x');
    expect(await settle(router)).toBe('/auth/login/?next=%2Fcall-flows%2F12%3Ftab%3Dactive-call-flow%23x');
  });

  it('let a signed-in person in and record the user', async () => {
    setToken('good');
    installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe } });
    const router = guardedRouter(newQueryClient(), '/call-flows/12');
    expect(await settle(router)).toBe('/call-flows/12');
    expect(getAuthState()).toMatchObject({ loggedIn: true, user: { id: 7 } });
  });

  it('drop a token the server calls invalid and send the person to sign in', async () => {
    setToken('stale');
    installFakeFetch({ 'GET /api/v3/me/': { status: 401, json: { detail: 'Invalid token.' } } });
    const router = guardedRouter(newQueryClient(), '/call-flows/12');
    expect(await settle(router)).toBe('/auth/login/?next=%2Fcall-flows%2F12');
    expect(getToken()).toBeNull();
    expect(getAuthState()).toEqual({ user: null, loggedIn: false });
  });

  it('show the error page for a server failure, keeping the token', async () => {
    setToken('good');
    installFakeFetch({ 'GET /api/v3/me/': { status: 500, json: { detail: 'boom' } } });
    const router = guardedRouter(newQueryClient(), '/call-flows/12');
    expect(await settle(router)).toBe('/call-flows/12');
    expect(router.state.errors?.app).toMatchObject({ status: 500 });
    expect(getToken()).toBe('good');
  });
});

describe('the login page', () => {
  it('sends a signed-in person to a safe next', async () => {
    setToken('good');
    installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe } });
    const router = guardedRouter(newQueryClient(), '/auth/login/?next=%2Fcall-flows%2F12');
    expect(await settle(router)).toBe('/call-flows/12');
  });

  it('sends a signed-in person home when next is unsafe', async () => {
    setToken('good');
    installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe } });
    const router = guardedRouter(newQueryClient(), '/auth/login/?next=%2F%2Fevil.example');
    expect(await settle(router)).toBe('/');
  });

  it('drops a token the server no longer accepts and shows itself, keeping next', async () => {
    setToken('stale');
    installFakeFetch({ 'GET /api/v3/me/': { status: 401, json: { detail: 'Invalid token.' } } });
    const router = guardedRouter(newQueryClient(), '/auth/login/?next=%2Fcall-flows%2F12');
    expect(await settle(router)).toBe('/auth/login/?next=%2Fcall-flows%2F12');
    expect(getToken()).toBeNull();
  });

  it('shows itself to a signed-out person', async () => {
    installFakeFetch({});
    const router = guardedRouter(newQueryClient(), '/auth/login/?next=%2Fcall-flows%2F12');
    expect(await settle(router)).toBe('/auth/login/?next=%2Fcall-flows%2F12');
  });
});

describe('the app route table', () => {
  it('sends a signed-out visitor of home to sign in without a next', async () => {
    installFakeFetch({});
    const current: { router?: ReturnType<typeof createMemoryRouter> } = {};
    current.router = createMemoryRouter(
      createAppRoutes(newQueryClient(), () => current.router?.state.navigation.location),
      { initialEntries: ['/'] },
    );
    expect(await settle(current.router)).toBe('/auth/login/');
  });

  it('loads home for a signed-in person with the user and the navigation in the cache', async () => {
    setToken('good');
    const { calls } = installFakeFetch({
      'GET /api/v3/me/': { json: sampleMe },
      'GET /api/v3/navigation/': { json: sampleNavigation },
    });
    const queryClient = newQueryClient();
    const current: { router?: ReturnType<typeof createMemoryRouter> } = {};
    current.router = createMemoryRouter(
      createAppRoutes(queryClient, () => current.router?.state.navigation.location),
      { initialEntries: ['/'] },
    );
    expect(await settle(current.router)).toBe('/');
    expect(queryClient.getQueryData(['navigation'])).toMatchObject({ account: { id: 3 } });
    // the layout and the page asked for the user once between them
    expect(calls.filter((call) => call.url.endsWith('/api/v3/me/'))).toHaveLength(1);
  });

  it('matches an unknown path to the not-found route', async () => {
    installFakeFetch({});
    const router = createMemoryRouter(
      createAppRoutes(newQueryClient(), () => undefined),
      {
        initialEntries: ['/no/such/page'],
      },
    );
    expect(await settle(router)).toBe('/no/such/page');
    expect(router.state.matches.at(-1)?.route.id).toBe('not-found');
  });
});
