import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setToken } from '../../lib/token-storage.ts';
import { installFakeFetch, sampleMe, sampleNavigation, type RecordedCall } from '../../test/fake-fetch.ts';
import { cleanupApp, renderApp, resetAppState } from '../../test/render-app.tsx';
import { gettingStartedQueryOptions } from '../status/index.ts';
import { GETTING_STARTED_LIST_KEY } from './api/getting-started-calls.ts';

const brighton = {
  summary_line: 'Suite 3, 40 North Road, Brighton, BN1 1YE',
  line_one: 'Suite 3, 40 North Road',
  line_two: '',
  city: 'Brighton',
  county: 'East Sussex',
  post_code: 'BN1 1YE',
};
const details = {
  product_id: 12,
  product_detail: 'Cloud phone - 2 users',
  is_show_welcome: true,
  users: [
    { id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', extension: '200' },
    { id: 2, first_name: 'Tom', last_name: 'Hughes', email: 'tom@example.test', extension: '201' },
  ],
  user_ids: [],
  pin_set: false,
  installation_address: brighton,
};

function renderFlow(overrides: Parameters<typeof installFakeFetch>[0] = {}) {
  setToken('customer');
  let due = [12];
  const fake = installFakeFetch({
    'GET /api/v3/me/': { json: sampleMe },
    'GET /api/v3/navigation/': { json: sampleNavigation },
    'GET /api/v3/voip/getting-started/': () => ({ json: { getting_started_product_ids: due } }),
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
    'GET /api/v1/voip/12/getting-started/': { json: details },
    'PUT /api/v1/voip/12/getting-started/users/': (call) => ({ json: call.body as object }),
    'POST /api/v1/voip/12/getting-started/pin/': { json: { pin_set: true, user_ids: [1] } },
    'PATCH /api/v1/voip/12/emergency-contact-details/': { json: { installation_address: brighton } },
    'POST /api/v1/voip/12/getting-started/complete/': () => {
      due = [];
      return { json: { product_id: 12, is_show_welcome: false } };
    },
    ...overrides,
  });
  return { ...renderApp('/', { retry: false }), calls: fake.calls };
}

const sent = (calls: RecordedCall[], method: string, end: string) =>
  calls.filter((call) => call.method === method && call.url.endsWith(end));
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

beforeEach(() => resetAppState());
afterEach(() => {
  cleanupApp();
  vi.restoreAllMocks();
});

describe('the getting-started page', { timeout: 30_000 }, () => {
  it('reads and writes the getting-started list under the key the start-up reads it by', () => {
    expect(GETTING_STARTED_LIST_KEY).toEqual(gettingStartedQueryOptions().queryKey);
  });

  it('takes a customer from home through the steps, then home for good', async () => {
    const { where, calls } = renderFlow();
    await waitFor(() => expect(where()).toBe('/getting-started/welcome?id=12'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose users' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    // The phone by its kind, not its detail ("your cloud phone - 2 users is ready").
    expect(screen.getByText('Three quick steps and your cloud phone is ready to use.')).toBeInTheDocument();

    const tom = screen.getByRole('checkbox', { name: 'Tom Hughes' });
    fireEvent.click(tom);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ada Lovelace' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose at least one user')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/users/')).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ada Lovelace' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Set a PIN' })).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/users/')[0]?.body).toEqual({ user_ids: [1] });
    type(screen.getByLabelText('PIN', { exact: true }), '654321');
    type(screen.getByLabelText('Confirm PIN'), '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Sequential numbers i.e 123456 are not allowed')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/pin/')).toHaveLength(0);
    type(screen.getByLabelText('PIN', { exact: true }), '271828');
    type(screen.getByLabelText('Confirm PIN'), '271828');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Confirm the installation address' }),
    ).toBeInTheDocument();
    expect(sent(calls, 'POST', '/pin/')[0]?.body).toEqual({ pin: '271828', pin_confirmation: '271828' });
    expect(screen.getByText('BN1 1YE')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm address' }));

    expect(await screen.findByRole('heading', { level: 2, name: "You're all set" })).toBeInTheDocument();
    expect(sent(calls, 'PATCH', '/emergency-contact-details/')[0]?.body).toEqual({
      installation_address: {
        post_code: 'BN1 1YE',
        line_one: 'Suite 3, 40 North Road',
        line_two: '',
        city: 'Brighton',
        county: 'East Sussex',
      },
    });
    // The loading flag clears 500 ms after success; then the way home is a link.
    fireEvent.click(await screen.findByRole('link', { name: 'Go to home' }, { timeout: 2000 }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome/ })).toBeInTheDocument();
  });

  it('has a held address without its county completed before it is confirmed', async () => {
    const { calls } = renderFlow({
      'GET /api/v1/voip/12/getting-started/': {
        json: { ...details, user_ids: [1], pin_set: true, installation_address: { ...brighton, county: '' } },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Confirm the installation address' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm address' }));
    expect(
      await screen.findByText('Your installation address has no county. Add it to confirm the address.'),
    ).toBeInTheDocument();
    expect(sent(calls, 'PATCH', '/emergency-contact-details/')).toHaveLength(0);
    expect(screen.getByLabelText('Address line 1')).toHaveValue('Suite 3, 40 North Road');
    type(screen.getByLabelText('County'), 'East Sussex');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: "You're all set" })).toBeInTheDocument();
    expect(sent(calls, 'PATCH', '/emergency-contact-details/')[0]?.body).toEqual({
      installation_address: {
        post_code: 'BN1 1YE',
        line_one: 'Suite 3, 40 North Road',
        line_two: '',
        city: 'Brighton',
        county: 'East Sussex',
      },
    });
  });

  it('keeps the choice and says why when the server refuses a step', async () => {
    renderFlow({
      'PUT /api/v1/voip/12/getting-started/users/': {
        status: 400,
        json: { user_ids: ['Choose users of this phone only'] },
      },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Tom Hughes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose users of this phone only')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Choose users' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Tom Hughes' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ada Lovelace' })).toBeChecked();
  });

  it("says so for a phone that is not the customer's, with the way home", async () => {
    setToken('customer');
    installFakeFetch({
      'GET /api/v3/me/': { json: sampleMe },
      'GET /api/v1/voip/99/getting-started/': { status: 404, json: { detail: 'Not found.' } },
    });
    renderApp('/getting-started/welcome?id=99', { retry: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'This phone could not be found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });
});
