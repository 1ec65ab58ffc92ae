import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import * as journeyPaths from '../config/journey-paths.ts';
import * as paths from '../config/paths.ts';
import { getToken, setToken } from '../lib/token-storage.ts';
import { installFakeFetch, sampleMe } from '../test/fake-fetch.ts';
import { cleanupApp, renderApp, resetAppState } from '../test/render-app.tsx';
import { onDemandRoutes } from './on-demand-routes.tsx';
import { ON_DEMAND_ROUTES_PATTERN } from './routes.tsx';

beforeEach(resetAppState);
afterEach(cleanupApp);

const header = () => screen.getByRole('banner');

describe('guest journey frames', () => {
  const rcpEntry = {
    account_details: {
      business_name: 'Harbour Freight Ltd',
      first_name: 'Kit',
      bill_cycle: 'T2',
      payment_method: 'card',
    },
    rcp_details: {
      card: { brand: 'Visa', last4: '4242' },
      checkout_action: '/sandbox/checkout/',
      checkout_pk: 'pk_sandbox_portal',
      checkout_src: '',
    },
  };

  it('shows the recurring card payment page of a link, signed out, in the Card payments frame, with a way to sign in', async () => {
    installFakeFetch({ 'GET /api/v1/recurring-card-payment/tokens/abc/': { json: rcpEntry } });
    renderApp(journeyPaths.recurringCardPayment.build({ token: 'abc' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up card payments' })).toBeInTheDocument();
    expect(
      await screen.findByText('The card on file now is a Visa ending 4242; a new card replaces it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to add a card' })).toBeInTheDocument();
    expect(within(header()).getByText('Card payments')).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.authLogin.build());
  });

  it('offers the account instead of signing in to a signed-in visitor', async () => {
    setToken('good');
    installFakeFetch({
      'GET /api/v3/me/': { json: sampleMe },
      'GET /api/v1/recurring-card-payment/tokens/abc/': { json: rcpEntry },
    });
    renderApp(journeyPaths.recurringCardPayment.build({ token: 'abc' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up card payments' })).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/');
  });

  it('goes to invalid-link on a 401 for the link, saying why', async () => {
    installFakeFetch({
      'GET /api/v1/recurring-card-payment/tokens/used/': {
        status: 401,
        json: { detail: 'This card payment link has been used already. Sign in to see how you pay.' },
      },
    });
    const { where } = renderApp(journeyPaths.recurringCardPayment.build({ token: 'used' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This card payment link has been used already.');
    expect(where()).toBe(journeyPaths.recurringCardPaymentInvalidLink.build());
    expect(screen.getByRole('main').querySelector('a[href="/auth/login/"]')).not.toBeNull();
  });

  it('shows the direct-debit mandate form of a link, signed out, in the mandate frame', async () => {
    installFakeFetch({
      'GET /api/v1/direct-debit/tokens/abc/': {
        json: {
          business_name: 'Harbour Freight Ltd',
          bill_cycle: 'T2',
          payment_method: 'card',
          payee_confirm_status: 'not_set_up',
        },
      },
    });
    renderApp(journeyPaths.mandateEntry.build({ token: 'abc' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up a Direct Debit' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Sort code')).toBeInTheDocument();
    expect(screen.getByLabelText('Name on the account')).toHaveValue('Harbour Freight Ltd');
    expect(within(header()).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.authLogin.build());
  });

  it('says a used mandate link is used, and offers to sign in', async () => {
    installFakeFetch({
      'GET /api/v1/direct-debit/tokens/used/': {
        status: 401,
        json: { detail: 'This direct-debit link has been used already. Sign in to see or change your direct debit.' },
      },
    });
    renderApp(journeyPaths.mandateEntry.build({ token: 'used' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This direct-debit link has been used already.');
    expect(screen.getByRole('main').querySelector('a[href="/auth/login/"]')).not.toBeNull();
  });
});

describe('number selection (/number-select)', () => {
  const selection = {
    scope: 'customer-number-selection',
    product_id: 41,
    business_name: 'Pier Bakery',
    first_name: 'Robin',
    chosen: false,
  };
  const gold = {
    id: 7,
    number: '01134960222',
    area_code: '0113',
    area: 'Leeds',
    rating: 'GOLD',
    price: '20.00',
    available: true,
  };
  const inventory = { results: [gold], area_codes: [{ area_code: '0113', area: 'Leeds' }] };

  it('takes the chosen number for the token, in the number-select frame', async () => {
    const { calls } = installFakeFetch({
      'GET /api/v1/signup/number-selection/tok-1/': { json: selection },
      'GET /api/v1/voip/numbers/': { json: inventory },
      'POST /api/v1/signup/number-selection/tok-1/reserve/': {
        status: 201,
        json: { id: 90, number: gold.number, area_code: '0113', rating: 'GOLD', price: '20.00' },
      },
    });
    renderApp('/number-select?token=tok-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your business number' })).toBeInTheDocument();
    expect(within(header()).getByText('Choose your number')).toBeInTheDocument();
    // The number as every number is shown (spec 001 section 9).
    const shown = '+441134960222';
    fireEvent.click(await screen.findByRole('button', { name: `Choose ${shown}` }));
    expect(screen.getByText('£20.00 one-off, on your first bill')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: `Make ${shown} my number` }));
    expect(
      await screen.findByRole('heading', { level: 1, name: `${shown} is your business number` }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ number_id: 7 });
  });

  it('says so when the number is chosen already', async () => {
    installFakeFetch({ 'GET /api/v1/signup/number-selection/tok-2/': { json: { ...selection, chosen: true } } });
    renderApp('/number-select?token=tok-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your number is chosen' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login/',
    );
  });

  it.each([['/number-select'], ['/number-select?token=not-valid']])(
    'sends a visitor from %s home, which asks them to sign in',
    async (path) => {
      installFakeFetch({});
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    },
  );
});

describe('the self sign-up journeys', () => {
  it.each([
    ['/signup/number', '/signup/needs'],
    ['/signup-voip3', '/signup-voip3/needs'],
    ['/signup-voip3-b/started', '/signup-voip3-b/needs'],
  ])('sends a visitor from %s to its first page, in the sign-up frame', async (path, first) => {
    installFakeFetch({});
    const { where } = renderApp(path);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: /What do you need your phone system for\?|Get your business phone system in minutes/,
      }),
    ).toBeInTheDocument();
    expect(where()).toBe(first);
    expect(within(header()).getByText('Sign up')).toBeInTheDocument();
  });
});

describe('the welcome journey', () => {
  it('shows a visitor the welcome page in the sign-up frame, with the ways in', async () => {
    installFakeFetch({});
    const { where } = renderApp(journeyPaths.welcomePage.build({ page: 'welcome' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Cloud phone' })).toBeInTheDocument();
    expect(where()).toBe('/welcome/welcome');
    expect(within(header()).getByText('Sign up')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to your account' })).toHaveAttribute(
      'href',
      paths.authLogin.build(),
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      journeyPaths.authRegister.build(),
    );
    // The title is set in an effect, after the page has rendered.
    await waitFor(() => expect(document.title).toBe('Welcome | Customer Portal'));
  });

  it.each([['/phone/welcome'], ['/welcome'], ['/welcome/no-such-page']])(
    'sends a visitor from %s to the welcome page',
    async (path) => {
      installFakeFetch({});
      const { where } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Cloud phone' })).toBeInTheDocument();
      expect(where()).toBe('/welcome/welcome');
    },
  );

  it('sends a signed-in customer home, as every sign-up page does', async () => {
    setToken('good');
    installFakeFetch({
      'GET /api/v3/me/': { json: sampleMe },
      'GET /api/v3/navigation/': { json: { account: null, products: [] } },
      'GET /api/v3/voip/getting-started/': { json: { getting_started_product_ids: [] } },
    });
    const { where } = renderApp('/phone/welcome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(where()).toBe('/');
  });
});

describe('coming soon', () => {
  it('says the shop is coming, with the way home for a signed-in customer', async () => {
    setToken('good');
    installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe } });
    renderApp(paths.comingSoon.build());
    expect(await screen.findByRole('heading', { level: 1, name: 'Coming soon' })).toBeInTheDocument();
    expect(screen.getByText('The shop is not open for your cloud phone yet.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // The title is set in an effect, after the page has rendered.
    await waitFor(() => expect(document.title).toBe('Coming soon | Customer Portal'));
  });

  it('offers a visitor to sign in', async () => {
    installFakeFetch({});
    renderApp(paths.comingSoon.build());
    expect(await screen.findByRole('heading', { level: 1, name: 'Coming soon' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.authLogin.build());
  });
});

describe('the trial in maintenance', () => {
  it("shows 'Under maintenance' with the spec's 503 page title, 'Under Maintenance'", async () => {
    installFakeFetch({
      'GET /api/v1/signup/settings/': {
        json: { maintenance_mode: true, signup_redirect_to_trial: false, voip3_signup: false },
      },
    });
    renderApp(journeyPaths.trialPage.build({ page: 'signup' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Under maintenance' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Under Maintenance | Customer Portal'));
  });
});

describe('routes found on demand', () => {
  const pathsOf = (routes: RouteObject[]): string[] =>
    routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
  const found = pathsOf(onDemandRoutes(new QueryClient()).flatMap(([, routes]) => routes));

  it('are all under ON_DEMAND_ROUTES_PATTERN, so a visit to any of them loads them', () => {
    // A parameter stands for one segment: try it with a sample value.
    const samples = found.map((path) => path.replace(/:[a-z]+\??/gi, 'x'));
    expect(samples.length).toBeGreaterThan(30);
    expect(samples.filter((path) => !ON_DEMAND_ROUTES_PATTERN.test(path))).toEqual([]);
  });

  it('leave the first-load pages to the route table loaded with the app; any other path (even one no route has) is looked up there', () => {
    for (const path of [
      '/',
      '/loginas',
      '/auth/login/',
      '/auth/login',
      '/call-flows/custom',
      '/call-flows/custom/',
      '/call-flows/custom/12',
    ]) {
      expect(ON_DEMAND_ROUTES_PATTERN.test(path), path).toBe(false);
    }
    for (const path of [
      '/logins',
      '/trialist',
      '/auth/login/google',
      '/call-flows/12',
      '/call-flows/custom/12/x',
      '/my-ordersx',
    ]) {
      expect(ON_DEMAND_ROUTES_PATTERN.test(path), path).toBe(true);
    }
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
    const { where } = renderApp('/getting-started/other?id=12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /main|side/i })).not.toBeInTheDocument();
    fireEvent.click(within(header()).getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/auth/logout/'))).toBe(true);
    expect(getToken()).toBeNull();
    await waitFor(() => expect(where()).toBe('/auth/login/'));
  });
});
