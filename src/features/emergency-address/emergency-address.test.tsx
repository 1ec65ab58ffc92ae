import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MANAGE_OTHER_USERS } from '@portal/contract';

import { setToken } from '../../lib/token-storage.ts';
import { installFakeFetch, sampleMe, sampleNavigation, type RecordedCall } from '../../test/fake-fetch.ts';
import { cleanupApp, renderApp, resetAppState } from '../../test/render-app.tsx';

type Routes = Parameters<typeof installFakeFetch>[0];

const buyNowPhone = {
  ...sampleNavigation.products[0]!,
  product_id: 21,
  supplier: 3,
  channel: 'Buy Now',
  has_installation_address: false,
  is_show_upgrade_page: false,
};
const cafeAddresses = [1, 3].map((n, i) => ({
  id: `sandbox-CF101EP-${i + 1}`,
  summary_line: `${n} Tidewater Street, Cardiff, CF10 1EP`,
  line_one: `${n} Tidewater Street`,
  line_two: '',
  city: 'Cardiff',
  county: 'South Glamorgan',
  post_code: 'CF10 1EP',
  country: 'United Kingdom',
}));
const saved = (address: Record<string, string>) => ({
  json: {
    installation_address: { summary_line: `${address.line_one}, ${address.city}, ${address.post_code}`, ...address },
  },
});

/** The app at home for a customer whose selected product is `product`, with the start-up calls answered. */
function renderHome(
  routes: Routes = {},
  {
    product = buyNowPhone,
    me = sampleMe,
    refuseSave = () => false,
  }: { product?: object; me?: object; refuseSave?: () => boolean } = {},
) {
  setToken('customer');
  let hasAddress = false;
  const fake = installFakeFetch({
    'GET /api/v3/me/': { json: me },
    'GET /api/v3/navigation/': () => ({
      json: {
        ...sampleNavigation,
        products: [
          {
            ...product,
            has_installation_address: hasAddress || (product as typeof buyNowPhone).has_installation_address,
          },
        ],
      },
    }),
    'GET /api/v3/voip/getting-started/': { json: { getting_started_product_ids: [] } },
    'GET /api/v3/voip/service-status/': { json: { results: [] } },
    'GET /customer/status/': { json: { results: [] } },
    'GET /api/v1/trial/status/': {
      json: {
        isInTrial: false,
        isTrialExpired: false,
        trialKind: null,
        productId: null,
        remainDays: null,
        show_quickstart_popup: false,
        quickstart_popup_sections_completed: {},
        customer_feedback: null,
        status_entry: null,
      },
    },
    'GET /api/v1/address/': (call) => {
      const postcode = new URL(call.url, 'http://localhost').searchParams.get('postcode');
      return { json: { results: postcode === 'CF10 1EP' ? cafeAddresses : [] } };
    },
    'PATCH /api/v1/voip/21/emergency-contact-details/': (call) => {
      if (refuseSave()) return { status: 400, json: { 'installation_address.county': ['County is a required field'] } };
      hasAddress = true;
      return saved((call.body as { installation_address: Record<string, string> }).installation_address);
    },
    ...routes,
  });
  const app = renderApp('/', { retry: false });
  return { ...app, calls: fake.calls };
}

const dialog = () => screen.findByRole('dialog', { name: 'Hey Ada - Finish your set up' });
const lookups = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/v1/address/'))
    .map((call) => new URL(call.url, 'http://localhost').searchParams.get('postcode'));
const patches = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PATCH');
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

beforeEach(() => {
  resetAppState();
  window.dataLayer = [];
});
afterEach(() => {
  cleanupApp();
  vi.restoreAllMocks();
});

// Each test renders the whole app and loads lazy chunks: slow on a loaded machine.
describe('the emergency-address dialog', { timeout: 30_000 }, () => {
  it('opens for a buy-now product without an installation address, with the regulator text and help number, and Escape leaves it', async () => {
    renderHome();
    const shown = await dialog();
    expect(within(shown).getByText(/requires us to hold the address where your phone is used/)).toBeInTheDocument();
    expect(within(shown).getByText(/some features of your phone are limited/)).toBeInTheDocument();
    expect(within(shown).getByRole('link', { name: '+443069990123' })).toHaveAttribute('href', 'tel:+443069990123');
    expect(within(shown).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(shown).queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(shown).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();

    fireEvent.keyDown(shown, { key: 'Escape' });
    fireEvent(shown, new Event('cancel', { cancelable: true }));
    expect(screen.getByRole('dialog', { name: 'Hey Ada - Finish your set up' })).toBe(shown);
  });

  it('is not shown for a product with an address, nor for a product that is not Buy Now', async () => {
    for (const product of [
      { ...buyNowPhone, has_installation_address: true },
      { ...buyNowPhone, channel: 'Self Sign Up' },
    ]) {
      renderHome({}, { product });
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      cleanupApp();
    }
  });

  it('looks the postcode up at once on Continue, before the 400 ms pause is over', async () => {
    const { calls } = renderHome();
    const shown = await dialog();
    type(within(shown).getByLabelText('Postcode'), 'cf101ep');
    fireEvent.click(within(shown).getByRole('button', { name: 'Continue' }));
    // The lookup is asked for on the next render, well inside the pause it would otherwise wait.
    await waitFor(() => expect(lookups(calls)).toEqual(['CF10 1EP']), { timeout: 300 });
    expect(await within(shown).findByLabelText('Select business address')).toBeInTheDocument();
  });

  it('checks the postcode, says when one has no addresses, and saves the address chosen', async () => {
    const { calls } = renderHome();
    const shown = await dialog();
    const postcode = within(shown).getByLabelText('Postcode');
    const continueButton = within(shown).getByRole('button', { name: 'Continue' });

    fireEvent.click(continueButton);
    expect(within(shown).getByText('Postcode is a required field')).toBeInTheDocument();
    type(postcode, 'CF10');
    expect(within(shown).getByText('Postcode must be valid')).toBeInTheDocument();

    type(postcode, 'zz99 9zz');
    expect(
      await within(shown).findByText('ZZ99 9ZZ returned no results, please try another postcode'),
    ).toBeInTheDocument();
    expect(within(shown).queryByLabelText('Select business address')).not.toBeInTheDocument();

    type(postcode, 'cf101ep');
    const select = (await within(shown).findByLabelText('Select business address')) as HTMLSelectElement;
    expect(lookups(calls)).toEqual(['ZZ99 9ZZ', 'CF10 1EP']);
    expect([...select.options].map((option) => option.text)).toEqual([
      '2 addresses found',
      '1 Tidewater Street, Cardiff, CF10 1EP',
      '3 Tidewater Street, Cardiff, CF10 1EP',
    ]);

    fireEvent.click(continueButton);
    expect(within(shown).getByText('Select your business address')).toBeInTheDocument();
    expect(patches(calls)).toEqual([]);

    fireEvent.change(select, { target: { value: 'sandbox-CF101EP-2' } });
    fireEvent.click(continueButton);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches(calls)[0]).toMatchObject({
      url: '/api/v1/voip/21/emergency-contact-details/',
      body: {
        installation_address: {
          post_code: 'CF10 1EP',
          line_one: '3 Tidewater Street',
          line_two: '',
          city: 'Cardiff',
          county: 'South Glamorgan',
        },
      },
    });
    expect(await screen.findByText('Your emergency address was successfully updated')).toBeInTheDocument();
    // The searches were tracked for analytics (spec 000 section 7).
    expect(window.dataLayer).toEqual(
      expect.arrayContaining([
        { event: 'Address search', postcode: 'ZZ99 9ZZ', results: 0 },
        { event: 'Address search', postcode: 'CF10 1EP', results: 2 },
      ]),
    );
  });

  it('takes the address by hand, with each required-field message, and keeps it all when the save fails', async () => {
    let fail = true;
    const { calls } = renderHome({}, { refuseSave: () => fail });
    const shown = await dialog();
    type(within(shown).getByLabelText('Postcode'), 'CF10 1EP');
    fireEvent.click(within(shown).getByRole('button', { name: 'Enter the address manually' }));

    const form = within(shown).getByRole('form', { name: 'Enter the address manually' });
    const field = (label: string) => within(form).getByLabelText(label, { exact: false }) as HTMLInputElement;
    expect(field('Postcode')).toHaveValue('CF10 1EP');
    type(field('Postcode'), '');
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    for (const message of [
      'Postcode is a required field',
      'Address line 1 is a required field',
      'Town/ City is a required field',
      'County is a required field',
    ]) {
      expect(within(form).getByText(message)).toBeInTheDocument();
    }
    expect(field('Postcode')).toHaveFocus();
    expect(patches(calls)).toEqual([]);

    type(field('Postcode'), 'cf10 1ep');
    type(field('Address line 1'), 'Unit 2, Tidewater Street');
    type(field('Town/City'), 'Cardiff');
    type(field('County'), 'South Glamorgan');
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    const alert = await within(shown).findByRole('alert');
    expect(alert).toHaveTextContent('County is a required field');
    expect(window.dataLayer).toContainEqual({
      event: 'Emergency address update failed',
      error: 'County is a required field',
    });
    expect(field('Address line 1')).toHaveValue('Unit 2, Tidewater Street');
    expect(field('County')).toHaveValue('South Glamorgan');

    fail = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // What is sent is the contract's parse of what was typed: the postcode normalised.
    expect(patches(calls)[1]?.body).toEqual({
      installation_address: {
        post_code: 'CF10 1EP',
        line_one: 'Unit 2, Tidewater Street',
        line_two: '',
        city: 'Cardiff',
        county: 'South Glamorgan',
      },
    });
  });

  it('offers Admin to users with the role, opening the admin dialog', async () => {
    renderHome({}, { me: { ...sampleMe, permissions: [MANAGE_OTHER_USERS] } });
    const shown = await dialog();
    fireEvent.click(within(shown).getByRole('button', { name: 'Admin' }));
    expect(await screen.findByRole('dialog', { name: "Manage customers' accounts" })).toBeInTheDocument();
  });

  it('signs out from the dialog, and says so in it when the server refuses', async () => {
    let refuse = true;
    const { where } = renderHome({
      'POST /auth/logout/': () =>
        refuse ? { status: 500, json: { detail: 'Down' } } : { json: { detail: 'Successfully logged out.' } },
    });
    const shown = await dialog();
    fireEvent.click(within(shown).getByRole('button', { name: 'Logout' }));
    expect(await within(shown).findByRole('alert')).toHaveTextContent('You could not be signed out');
    refuse = false;
    fireEvent.click(within(shown).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(where()).toBe('/auth/login/'));
  });
});
