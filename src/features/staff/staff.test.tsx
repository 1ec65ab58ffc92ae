import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MANAGE_OTHER_USERS, staffMessages } from '@portal/contract';

import { getToken, setToken } from '../../lib/token-storage.ts';
import { installFakeFetch, sampleMe, sampleNavigation } from '../../test/fake-fetch.ts';
import { cleanupApp, renderApp as renderAppWith, resetAppState } from '../../test/render-app.tsx';
import { loadStaffTools } from './index.ts';

const staffMe = {
  ...sampleMe,
  id: 2,
  user_profile: {
    first_name: 'Sam',
    last_name: 'Rivers',
    email: 'support@portal.example',
    phone: null,
    pending_email: null,
  },
  initials: 'SR',
  name: 'Sam Rivers',
  is_staff: true,
  permissions: [MANAGE_OTHER_USERS],
};
const viewedMe = {
  ...sampleMe,
  user_profile: {
    first_name: 'Taylor',
    last_name: 'Quinn',
    email: 'taylor@willow-accountancy.example',
    phone: null,
    pending_email: null,
  },
  initials: 'TQ',
  name: 'Taylor Quinn',
  logged_in_as: { email: 'support@portal.example', name: 'Sam Rivers', permissions: [MANAGE_OTHER_USERS] },
};
const switched = {
  json: {
    detail: staffMessages.switched('Taylor Quinn'),
    viewing: { email: 'taylor@willow-accountancy.example', name: 'Taylor Quinn' },
  },
};

/** Calls fail at once here: no retries. */
const renderApp = (path: string) => renderAppWith(path, { retry: false });

let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(async () => {
  resetAppState();
  reload = vi.fn<() => void>();
  vi.spyOn((await loadStaffTools()).pageReload, 'reload').mockImplementation(reload);
});

afterEach(() => {
  cleanupApp();
  vi.restoreAllMocks();
});

describe('/loginas?email=', () => {
  it('switches a staff member with the role to the customer, goes home and reloads after 500 ms', async () => {
    setToken('staff');
    let me: object = staffMe;
    const { calls } = installFakeFetch({
      'GET /api/v3/me/': () => ({ json: me }),
      'GET /api/v3/navigation/': { json: sampleNavigation },
      'POST /accounts/': () => {
        me = viewedMe;
        return switched;
      },
    });
    const { where } = renderApp('/loginas?email=taylor%40willow-accountancy.example');
    await waitFor(() => expect(where()).toBe('/'));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/accounts/',
      body: { email: 'taylor@willow-accountancy.example' },
    });
    expect(getToken()).toBe('staff');
    await waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: 2000 });
  });

  it('signs out anyone else: the token is revoked, then the login page', async () => {
    setToken('customer');
    const { calls } = installFakeFetch({
      'GET /api/v3/me/': { json: { ...sampleMe, permissions: [MANAGE_OTHER_USERS] } }, // the role without the staff flag
      'POST /auth/logout/': { json: { detail: 'Successfully logged out.' } },
    });
    const { where, queryClient } = renderApp('/loginas?email=taylor%40willow-accountancy.example');
    await waitFor(() => expect(where()).toBe('/auth/login/'));
    expect(calls.find((call) => call.url === '/auth/logout/')?.headers.authorization).toBe('Token customer');
    expect(calls.some((call) => call.url === '/accounts/')).toBe(false);
    expect(getToken()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('signs out a staff member who gives no email', async () => {
    setToken('staff');
    installFakeFetch({
      'GET /api/v3/me/': { json: staffMe },
      'POST /auth/logout/': { json: { detail: 'Successfully logged out.' } },
    });
    const { where } = renderApp('/loginas');
    await waitFor(() => expect(where()).toBe('/auth/login/'));
    expect(getToken()).toBeNull();
  });

  it('sends someone signed out to sign in first, and back here afterwards', async () => {
    installFakeFetch({});
    const { where } = renderApp('/loginas?email=taylor%40willow-accountancy.example');
    await waitFor(() =>
      expect(where()).toBe('/auth/login/?next=%2Floginas%3Femail%3Dtaylor%2540willow-accountancy.example'),
    );
  });

  it("shows the server's error when the switch is refused, and keeps the staff session", async () => {
    setToken('staff');
    const message = staffMessages.unknownUser('nobody@willow.example');
    installFakeFetch({
      'GET /api/v3/me/': { json: staffMe },
      'POST /accounts/': { status: 404, json: { detail: message, error: message } },
    });
    renderApp('/loginas?email=nobody%40willow.example');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You could not switch to nobody@willow.example')).toBeInTheDocument();
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(getToken()).toBe('staff');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('the profile menu and the top bar', () => {
  it('offers Profile and preferences and Logout to a customer, without the staff items', async () => {
    setToken('good');
    installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe }, 'GET /api/v3/navigation/': { json: sampleNavigation } });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /profile menu$/i }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Profile and preferences', 'Logout']);
    expect(screen.queryByText(/^Viewing:/)).not.toBeInTheDocument();
  });

  it('offers Admin and Show getting started with the role; Admin opens the admin dialog', async () => {
    setToken('staff');
    installFakeFetch({
      'GET /api/v3/me/': { json: staffMe },
      'GET /api/v3/navigation/': { json: { ...sampleNavigation, products: [] } },
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /profile menu$/i }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Profile and preferences',
      'Admin',
      'Show getting started',
      'Logout',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Admin' }));
    // The dialog's code loads on demand.
    expect(
      await screen.findByRole('heading', { name: "Manage customers' accounts" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('heading', { name: "Manage customers' accounts" })).not.toBeInTheDocument();
  });

  it('Show getting started, for staff with no cloud phone, switches to the customer first, then opens their getting started', async () => {
    setToken('staff');
    let me: object = staffMe;
    let navigation: object = { ...sampleNavigation, products: [] };
    const { calls } = installFakeFetch({
      'GET /api/v3/me/': () => ({ json: me }),
      'GET /api/v3/navigation/': () => ({ json: navigation }),
      'POST /accounts/': () => {
        me = viewedMe;
        navigation = sampleNavigation;
        return switched;
      },
    });
    const { where } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /profile menu$/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Show getting started' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Show getting started for a customer' },
      { timeout: 5000 },
    );
    expect(where()).toBe('/');
    fireEvent.change(within(dialog).getByRole('textbox', { name: "Customer's email address" }), {
      target: { value: 'taylor@willow-accountancy.example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show getting started' }));
    // Switched, then getting started of the customer's first cloud phone (and the reload every switch makes).
    await waitFor(() => expect(where()).toBe('/getting-started/welcome?id=12'));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/accounts/',
      body: { email: 'taylor@willow-accountancy.example' },
    });
    await waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: 2000 });
  });

  it('goes to /getting-started/welcome with the selected product id', async () => {
    setToken('staff');
    installFakeFetch({ 'GET /api/v3/me/': { json: staffMe }, 'GET /api/v3/navigation/': { json: sampleNavigation } });
    const { where } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /profile menu$/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Show getting started' }));
    await waitFor(() => expect(where()).toBe('/getting-started/welcome?id=12'));
  });

  it('offers Show getting started (not Admin) to staff viewing a customer, for the selected product', async () => {
    setToken('staff');
    installFakeFetch({ 'GET /api/v3/me/': { json: viewedMe }, 'GET /api/v3/navigation/': { json: sampleNavigation } });
    const { where } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /profile menu$/i }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Profile and preferences',
      'Show getting started',
      'Logout',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Show getting started' }));
    await waitFor(() => expect(where()).toBe('/getting-started/welcome?id=12'));
  });

  it('offers no Show getting started to a staff member viewing a customer without the role', async () => {
    setToken('staff');
    const withoutRole = { ...viewedMe, logged_in_as: { ...viewedMe.logged_in_as, permissions: [] } };
    installFakeFetch({
      'GET /api/v3/me/': { json: withoutRole },
      'GET /api/v3/navigation/': { json: sampleNavigation },
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /profile menu$/i }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Profile and preferences', 'Logout']);
  });

  it('shows "Viewing: {customer}" while switched, and returns to the staff account', async () => {
    setToken('staff');
    const { calls } = installFakeFetch({
      'GET /api/v3/me/': { json: viewedMe },
      'GET /api/v3/navigation/': { json: sampleNavigation },
      'POST /accounts/return/': { json: { detail: staffMessages.returned } },
    });
    const { where } = renderApp('/phone-setup/12');
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(within(banner).getByText(/^Viewing:/).textContent).toBe('Viewing: Taylor Quinn'));
    fireEvent.click(within(banner).getByRole('button', { name: 'Return to my account' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url === '/accounts/return/')).toBe(true),
    );
    await waitFor(() => expect(where()).toBe('/'));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: 2000 });
  });
});
