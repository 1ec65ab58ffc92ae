import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { upgradeTrigger } from '../features/trial/index.ts';
import { resetCsrf } from '../lib/http.ts';
import { clearToken, setToken } from '../lib/token-storage.ts';
import { clearCookies, installFakeFetch, sampleMe, sampleNavigation } from '../test/fake-fetch.ts';
import { cleanupApp, renderApp as renderAppWith } from '../test/render-app.tsx';

type Routes = Parameters<typeof installFakeFetch>[0];

// The chat widget never finishes loading here (features/chat/chat.test.tsx drives it): Chat support says so.
vi.mock('../features/chat/index.ts', () => ({ loadChatSupport: () => new Promise(() => {}) }));

const [cloudPhone, fibre] = sampleNavigation.products;
const secondPhone = {
  ...cloudPhone!,
  product_id: 14,
  supplier: 3,
  product_detail: '01632 960999',
  is_show_upgrade_page: false,
};
const navigation = { ...sampleNavigation, products: [fibre!, cloudPhone!, secondPhone] };
const fibreDetails = {
  product_id: 13,
  product_kind: 'fibre',
  tariff_name: 'Full Fibre 500',
  tariff_price: '55.00',
  promo_length: null,
  promo_price: null,
  product_detail: '1 High Street, Leeds',
  contract_length_months: 24,
  live_date: '2024-01-10',
  status: 'pending',
  download_token: null,
  children: [],
  contracts: [],
  site: null,
  renewal_agreed: null,
};
const noRenewal = {
  current_tariff_name: 'Full Fibre 500',
  current_tariff_price: '55.00',
  current_promo_length: null,
  current_promo_price: null,
  current_contract_length: null,
  current_contract_end_date: null,
  renewal_tariff_name: null,
  renewal_tariff_price: null,
  renewal_promo_length: null,
  renewal_promo_price: null,
};
const trial = (extra: Record<string, unknown> = {}) => ({
  isInTrial: true,
  isTrialExpired: false,
  trialKind: 'OPT_IN',
  productId: 12,
  remainDays: 2,
  show_quickstart_popup: false,
  quickstart_popup_sections_completed: {},
  customer_feedback: null,
  status_entry: '2020-01-01T00:00:00Z',
  ...extra,
});

function renderApp(path: string, routes: Routes = {}) {
  setToken('good');
  const fake = installFakeFetch({
    'GET /api/v3/me/': { json: sampleMe },
    'GET /api/v3/navigation/': { json: navigation },
    'GET /api/v3/voip/getting-started/': { json: { getting_started_product_ids: [] } },
    'GET /api/v3/voip/service-status/': { json: { results: [] } },
    'GET /customer/status/': { json: { results: [] } },
    'GET /api/v3/voip/12/users/locked/': { json: { results: [] } },
    'GET /api/v1/trial/status/': {
      json: trial({ isInTrial: false, trialKind: null, productId: null, remainDays: null }),
    },
    ...routes,
  });
  const { router, where } = renderAppWith(path, { retry: false });
  return { router, where, calls: fake.calls };
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  clearToken();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  resetCsrf();
  document.cookie = 'csrftoken=test-csrf';
});

afterEach(() => {
  cleanupApp();
  vi.restoreAllMocks();
});

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('side navigation', () => {
  it('lists the selected cloud phone’s links, and switches product keeping the phone setup page and its query', async () => {
    const { where } = renderApp('/phone-setup/12?tab=hold-music');
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone setup' })).toBeInTheDocument();
    const links = within(nav())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Home',
      'Cloud phone details',
      'Call flows',
      'Account add-ons',
      'Phone setup',
      'Users and devices',
      'Phone numbers',
      'Download apps',
      'Call history',
      'Call reports',
      'Billing',
      'Order tracker',
      'Shop',
      'Help (opens in a new tab)',
      'Upgrade',
    ]);
    expect(within(nav()).getByRole('button', { name: 'Chat support' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Phone setup' })).toHaveAttribute('aria-current', 'page');

    const toggle = await within(nav()).findByRole('button', { name: /Switch product/ });
    expect(toggle).toHaveTextContent('01632 960123');
    fireEvent.click(toggle);
    const list = within(nav()).getByRole('list', { name: 'Products' });
    // Live first, the first selected: the pending fibre comes last.
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Cloud phoneSelected01632 960123', 'Cloud phone01632 960999', 'Fibre1 High Street, Leeds']);
    expect(within(list).getAllByRole('link')[2]).toHaveAttribute('href', '/fibre-details/13');
    fireEvent.click(within(list).getAllByRole('link')[1]!);
    await waitFor(() => expect(where()).toBe('/phone-setup/14?tab=hold-music'));
    // The voip3 phone has company contacts, and its own links.
    await waitFor(() =>
      expect(within(nav()).getByRole('link', { name: 'Company contacts' })).toHaveAttribute(
        'href',
        '/company-contacts/14',
      ),
    );
    expect(within(nav()).queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('keeps the selection on home, and shows only Home, details, billing and orders for the fibre product', async () => {
    const { router } = renderApp('/fibre-details/13', {
      'GET /api/v3/products/13/': { json: fibreDetails },
      'GET /api/v3/products/13/renewal/': { json: noRenewal },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fibre details' })).toBeInTheDocument();
    expect(screen.getByText('Full Fibre 500')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(nav())
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Home', 'Fibre details', 'Billing', 'Order tracker', 'Help (opens in a new tab)']),
    );
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Fibre details' })).toBeInTheDocument();
  });

  it('opens a page whose link was followed while another page’s routes were still being found', async () => {
    const { router, where } = renderApp('/', {
      'GET /api/v3/products/13/': { json: fibreDetails },
      'GET /api/v3/products/13/renewal/': { json: noRenewal },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    // The first navigation is left before the routes found on demand have arrived: the second one must find them.
    await act(async () => {
      void router.navigate('/phone-setup/12');
      await router.navigate('/fibre-details/13');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fibre details' })).toBeInTheDocument();
    expect(where()).toBe('/fibre-details/13');
    await act(() => router.navigate('/phone-setup/12'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone setup' })).toBeInTheDocument();
  });

  it('shows no product switcher with a single product', async () => {
    renderApp('/', { 'GET /api/v3/navigation/': { json: { ...sampleNavigation, products: [cloudPhone] } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Call flows' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: /Switch product/ })).not.toBeInTheDocument();
  });

  it('hides the shop for a blocked voip3 phone', async () => {
    renderApp('/phone-setup/14', {
      'GET /api/v3/voip/service-status/': {
        json: { results: [{ product_id: 14, service_status: 'blocked', reason: null }] },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone setup' })).toBeInTheDocument();
    await waitFor(() => expect(within(nav()).queryByRole('link', { name: 'Shop' })).not.toBeInTheDocument());
    expect(within(nav()).getByRole('link', { name: 'Call reports' })).toBeInTheDocument();
  });

  it('says when chat support is not available (its widget has not loaded)', async () => {
    renderApp('/');
    fireEvent.click(
      await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('button', {
        name: 'Chat support',
      }),
    );
    // After waiting for the widget a while (CHAT_WIDGET_WAIT_MS).
    expect(
      await screen.findByText('Chat support is not available right now', {}, { timeout: 6000 }),
    ).toBeInTheDocument();
  });
});

describe('default layout start-up', () => {
  it('goes to getting started when the list has an entry', async () => {
    const { where, calls } = renderApp('/', {
      'GET /api/v3/voip/getting-started/': { json: { getting_started_product_ids: [14, 12] } },
    });
    await waitFor(() => expect(where()).toBe('/getting-started/welcome?id=14'));
    expect(calls.some((call) => call.url.endsWith('/api/v3/voip/getting-started/'))).toBe(true);
  });

  it('loads credit status, service status, trial status, and locked users of voip2 products not on voip3', async () => {
    const { calls } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    const paths = calls.map((call) => new URL(call.url, 'http://localhost').pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/customer/status/',
        '/api/v3/voip/service-status/',
        '/api/v1/trial/status/',
        '/api/v3/voip/12/users/locked/',
      ]),
    );
    expect(paths).not.toContain('/api/v3/voip/14/users/locked/');
  });

  it('sends /users-devices without an id to the first cloud phone’s page', async () => {
    const { where } = renderApp('/users-devices');
    await waitFor(() => expect(where()).toBe('/users-devices/12?tab=users'));
  });

  it('sends the shop to coming-soon for a voip3 phone', async () => {
    const { router, where } = renderApp('/phone-setup/14');
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone setup' })).toBeInTheDocument();
    await act(() => router.navigate('/shop?tab=all-items'));
    await waitFor(() => expect(where()).toBe('/coming-soon'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Coming soon' })).toBeInTheDocument();
  });

  it('shows the shop page inside the layout for a supplier-2 phone', async () => {
    const { where } = renderApp('/shop?tab=all-items');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(where()).toBe('/shop?tab=all-items');
    expect(nav()).toBeInTheDocument();
  });

  it('answers 404 inside the layout for company contacts of an older phone', async () => {
    const { where } = renderApp('/company-contacts/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(where()).toBe('/company-contacts/12');
    expect(nav()).toBeInTheDocument();
  });

  it('sends a provisioned buy-now voip3 product to its buy-now complete page', async () => {
    const provisioned = { ...secondPhone, channel: 'Buy Now', status: 'buy now provisioned' };
    const { where } = renderApp('/', {
      'GET /api/v3/navigation/': { json: { ...sampleNavigation, products: [provisioned] } },
    });
    await waitFor(() => expect(where()).toBe('/buynow/complete/14'));
  });

  it('sends an ended opt-in trial to the upgrade page with trigger trial-expired', async () => {
    const { where } = renderApp('/', {
      'GET /api/v1/trial/status/': { json: trial({ isTrialExpired: true, remainDays: 0 }) },
      'GET /api/v1/voip/12/upgrade/eligibility/': { json: upgradeEligibility },
    });
    await waitFor(() => expect(where()).toBe('/upgrade/12'));
    expect(upgradeTrigger()).toBe('trial-expired');
    // The upgrade page, its first words shaped by the trigger.
    expect(await screen.findByRole('heading', { level: 1, name: 'Your free trial has ended' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Confirm your installation address' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Trial' })).not.toBeInTheDocument();
  });
});

const upgradeEligibility = {
  product_id: 12,
  is_eligible: true,
  reasons: [],
  is_show_upgrade_page: true,
  show_migration_banner: false,
  upgrade_kind: 'trial',
  product_detail: 'Cloud phone',
  installation_address: {
    summary_line: '1 High Street, Leeds, LS1 1AA',
    line_one: '1 High Street',
    line_two: '',
    city: 'Leeds',
    county: 'West Yorkshire',
    post_code: 'LS1 1AA',
  },
  plans: [{ id: 'essentials', name: 'Essentials', monthly_price: '12.00', description: 'Calls' }],
  trial: { ends_at: '2025-03-01T09:00:00Z', is_expired: true },
  provisioning: null,
  migration: null,
};

describe('trial banner', () => {
  it('shows the trial of the selected product with the days left and Upgrade now, which sets the trigger', async () => {
    const { where } = renderApp('/', { 'GET /api/v1/trial/status/': { json: trial() } });
    const banner = await screen.findByRole('region', { name: 'Trial' });
    expect(within(banner).getByText('Enjoy your trial of Cloud phone – 2 days remain')).toBeInTheDocument();
    fireEvent.click(within(banner).getByRole('link', { name: 'Upgrade now' }));
    await waitFor(() => expect(where()).toBe('/upgrade/12'));
    expect(upgradeTrigger()).toBe('upgrade-banner');
  });

  it('is not shown for another product, and has no Upgrade now in the first hour', async () => {
    const { router } = renderApp('/phone-setup/14', {
      'GET /api/v1/trial/status/': { json: trial({ status_entry: new Date().toISOString(), remainDays: 10 }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone setup' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Trial' })).not.toBeInTheDocument();
    await act(() => router.navigate('/phone-setup/12'));
    const banner = await screen.findByRole('region', { name: 'Trial' });
    expect(banner.textContent).toBe('Enjoy your trial of Cloud phone');
    expect(within(banner).queryByRole('link', { name: 'Upgrade now' })).not.toBeInTheDocument();
  });
});

describe('home', () => {
  it('shows the status cards and the app downloads', async () => {
    renderApp('/', {
      'GET /customer/status/': {
        json: { results: [{ account_id: 3, stage: 'overdue', balance_due: '84.00', due_date: '2025-02-17' }] },
      },
      'GET /api/v3/voip/12/users/locked/': { json: { results: [{ user_id: 5, name: 'Dana Fox', extension: '201' }] } },
      'GET /api/v3/voip/service-status/': {
        json: { results: [{ product_id: 14, service_status: 'blocked', reason: 'Suspended for non-payment' }] },
      },
    });
    const cards = await screen.findByRole('region', { name: 'Needs your attention' });
    // No headings above the page's h1: the cards' titles are strong text.
    expect(within(cards).queryAllByRole('heading')).toEqual([]);
    expect(screen.getAllByRole('heading')[0]!.tagName).toBe('H1');
    expect([...cards.querySelectorAll('strong')].map((title) => title.textContent)).toEqual([
      'Payment overdue',
      'Dana Fox is locked out',
      'Cloud phone suspended',
    ]);
    expect(
      within(cards)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/billing?id=3', '/users-devices/12?tab=users', '/billing?id=3']);
    const apps = await screen.findByRole('region', { name: 'Get the apps' });
    // The block's words come with the page; jsdom is a computer, so they offer codes to scan.
    expect(within(apps).getByText(/Scan a code with your phone/)).toBeInTheDocument();
    // Its list after the first paint: all four platforms, each with a QR code.
    expect((await within(apps).findAllByRole('heading', { level: 3 })).map((heading) => heading.textContent)).toEqual([
      'Android',
      'iPhone and iPad',
      'Windows',
      'Mac',
    ]);
    // The QR codes are a chunk of their own, drawn once it has loaded.
    expect(await within(apps).findAllByRole('img', { name: /^QR code: / })).toHaveLength(4);
    expect(within(apps).getAllByText('Version 1.13.70')).toHaveLength(2);
    // Each product leads to its pages.
    const products = screen.getByRole('region', { name: 'Your products' });
    expect(
      within(products)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/cloud-phone-details/12', '/cloud-phone-details/14', '/fibre-details/13']);
    // Two cloud phones: two links of different names.
    const names = within(products)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(new Set(names).size).toBe(names.length);
  });

  it('shows the status cards on the other pages of the layout too', async () => {
    renderApp('/profile-preferences', {
      'GET /customer/status/': {
        json: { results: [{ account_id: 3, stage: 'overdue', balance_due: '84.00', due_date: '2025-02-17' }] },
      },
    });
    const cards = await screen.findByRole('region', { name: 'Needs your attention' });
    expect([...cards.querySelectorAll('strong')].map((title) => title.textContent)).toEqual(['Payment overdue']);
    expect(screen.getByRole('main')).toContainElement(cards);
  });

  it("leaves out a card's link to the page it is on: billing's notice on billing", async () => {
    renderApp('/billing?id=3', {
      'GET /customer/status/': {
        json: { results: [{ account_id: 3, stage: 'overdue', balance_due: '84.00', due_date: '2025-02-17' }] },
      },
    });
    const cards = await screen.findByRole('region', { name: 'Needs your attention' });
    expect(cards).toHaveTextContent('Payment overdue');
    expect(within(cards).queryAllByRole('link')).toEqual([]);
  });

  it('shows no status cards when all is well', async () => {
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Get the apps' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Needs your attention' })).not.toBeInTheDocument();
  });
});
