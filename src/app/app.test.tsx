import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { getToken, setToken } from '../lib/token-storage.ts';
import { installFakeFetch, sampleMe, sampleNavigation } from '../test/fake-fetch.ts';
import { cleanupApp, renderApp, resetAppState } from '../test/render-app.tsx';

beforeEach(resetAppState);

afterEach(cleanupApp);

describe('home', () => {
  function signedIn(extra: Parameters<typeof installFakeFetch>[0] = {}) {
    setToken('good');
    return installFakeFetch({
      'GET /api/v3/me/': { json: sampleMe },
      'GET /api/v3/navigation/': { json: sampleNavigation },
      ...extra,
    });
  }

  it('welcomes the user and lists the products in the layout frame', async () => {
    signedIn();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const products = screen.getByRole('region', { name: 'Your products' });
    const items = within(products).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Cloud phone01632 960123Status: Live',
      'Fibre1 High Street, LeedsStatus: Pending',
    ]);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Customer Portal home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home | Customer Portal'));
  });

  it('offers an account with no cloud phone a trial, starts it, and keeps saying so once the phone is listed', async () => {
    const fibreOnly = {
      ...sampleNavigation,
      products: sampleNavigation.products.filter((p) => p.product_kind !== 'voip2'),
    };
    let started = false;
    const { calls } = signedIn({
      'GET /api/v3/navigation/': () => ({ json: started ? sampleNavigation : fibreOnly }),
      'POST /api/v3/accounts/3/start-voip-trial/': () => {
        started = true;
        return {
          status: 201,
          json: {
            account_id: 3,
            product_id: 12,
            ends_at: '2026-12-09T10:00:00.000Z',
            provisioning: {
              product_id: 12,
              status: 'provisioning',
              provisioned: false,
              progress: 0,
              step: null,
              detail: null,
            },
          },
        };
      },
    });
    renderApp('/');
    const offer = await screen.findByRole('region', { name: 'Try our cloud phone free for 14 days' });
    fireEvent.click(within(offer).getByRole('button', { name: 'Start my free trial' }));
    expect(await within(offer).findByRole('status')).toHaveTextContent('Your trial has started');
    expect(within(offer).getByRole('link', { name: 'Go to your phone setup' })).toHaveAttribute(
      'href',
      '/phone-setup/12?tab=holiday-schedule',
    );
    expect(calls.filter((call) => call.method === 'POST' && call.url.endsWith('/start-voip-trial/'))).toHaveLength(1);
    // The navigation is fetched again: the new phone is listed.
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Your products' })).getAllByRole('listitem')).toHaveLength(2),
    );
  });

  it('offers no trial to an account with a cloud phone', async () => {
    signedIn();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    await screen.findByText('Lovelace Ltd');
    expect(screen.queryByRole('region', { name: 'Try our cloud phone free for 14 days' })).not.toBeInTheDocument();
  });

  it('toggles the side drawer with the menu button', async () => {
    signedIn();
    renderApp('/');
    // jsdom has no media queries, so this is the desktop layout: the drawer starts open.
    const toggle = await screen.findByRole('button', { name: 'Close menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the products cannot be loaded', async () => {
    let failures = 0;
    signedIn({
      'GET /api/v3/navigation/': () =>
        ++failures <= 10 ? { status: 400, json: { detail: 'No account.' } } : { json: sampleNavigation },
    });
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your products could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByText('No account.')).toBeInTheDocument();
    failures = 100;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('01632 960123')).toBeInTheDocument();
  });

  it('logs out from the profile menu: server call, then the login page without a session', async () => {
    const { calls } = signedIn({ 'POST /auth/logout/': { json: { detail: 'Signed out.' } } });
    const { where, queryClient } = renderApp('/');
    const profile = await screen.findByRole('button', { name: /profile menu$/i });
    expect(profile.textContent).toBe('AL');
    expect(profile).toHaveAccessibleName('AL, profile menu');
    fireEvent.click(profile);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(where()).toBe('/auth/login/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    const logout = calls.find((call) => call.url.endsWith('/auth/logout/'));
    expect(logout?.headers.authorization).toBe('Token good');
    expect(getToken()).toBeNull();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([]);
  });

  it('stays signed in with an error toast when the logout call fails', async () => {
    signedIn({ 'POST /auth/logout/': { status: 500, json: { detail: 'boom' } } });
    const { where } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /profile menu$/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    // Home has other alerts of its own (a part whose data this test does not serve): the toast is the one saying so.
    const toast = (await screen.findByText('You could not be signed out')).closest<HTMLElement>('[role="alert"]');
    expect(toast).not.toBeNull();
    expect(within(toast!).getByText(/^Please try again\./)).toBeInTheDocument();
    expect(getToken()).toBe('good');
    expect(where()).toBe('/');
  });

  it('opens the profile menu from the keyboard and closes it with Escape', async () => {
    signedIn();
    renderApp('/');
    const profile = await screen.findByRole('button', { name: /profile menu$/i });
    fireEvent.keyDown(profile, { key: 'ArrowDown' });
    const item = await screen.findByRole('menuitem', { name: 'Profile and preferences' });
    await waitFor(() => expect(item).toHaveFocus());
    expect(profile).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(item, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(profile).toHaveFocus();
  });
});

describe('not found', () => {
  it('offers Sign in when signed out, and tracks the 404 with its path', async () => {
    delete window.dataLayer;
    installFakeFetch({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist or has been removed.')).toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/auth/login/');
    expect(signIn.hasAttribute('type')).toBe(false);
    expect(screen.queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Not Found | Customer Portal'));
    expect(window.dataLayer).toEqual([{ event: 'Page not found', path: '/no/such/page' }]);
  });

  it('offers Home when signed in', async () => {
    setToken('good');
    installFakeFetch({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});

describe('errors', () => {
  it('shows "An error occurred" with a link home when the session check fails', async () => {
    setToken('good');
    installFakeFetch({ 'GET /api/v3/me/': { status: 500, json: {} } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/', { retry: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'An error occurred' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('An error occurred | Customer Portal'));
  });
});
