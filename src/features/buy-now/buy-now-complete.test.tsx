import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { BuyNowSummary } from '@portal/contract';

import { setToken } from '../../lib/token-storage.ts';
import { installFakeFetch, sampleMe, sampleNavigation } from '../../test/fake-fetch.ts';
import { cleanupApp, renderApp, resetAppState } from '../../test/render-app.tsx';

beforeEach(resetAppState);
afterEach(cleanupApp);

const provisioned = {
  ...sampleNavigation.products[0]!,
  product_id: 14,
  supplier: 3,
  channel: 'Buy Now',
  status: 'buy now provisioned',
};

const summary: BuyNowSummary = {
  product_id: 14,
  product_detail: 'Cloud phone - 1 user',
  status: 'buy now provisioned',
  supplier: 3,
  confirmed_date: '2025-03-03',
  pilot_number: '01632960401',
  other_numbers: [],
  users: [{ name: 'Jamie Cole', extension: '200' }],
  installation_address: 'Suite 3, 40 North Road, Brighton, BN1 1YE',
  is_show_welcome: true,
};

type Routes = Parameters<typeof installFakeFetch>[0];

function signedIn(routes: Routes = {}) {
  setToken('good');
  let status = 'buy now provisioned';
  const fake = installFakeFetch({
    'GET /api/v3/me/': { json: sampleMe },
    // The server's navigation: the phone is live once the welcome call has been made.
    'GET /api/v3/navigation/': () => ({ json: { ...sampleNavigation, products: [{ ...provisioned, status }] } }),
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
    'GET /api/v1/voip/14/buy-now/summary/': { json: summary },
    'POST /api/v1/voip/14/welcome/': () => {
      status = 'live';
      return { json: { product_id: 14, is_show_welcome: false } };
    },
    ...routes,
  });
  return fake;
}

const welcomeCalls = (calls: Array<{ method: string; url: string; body: unknown }>) =>
  calls.filter((call) => call.method === 'POST' && call.url.endsWith('/api/v1/voip/14/welcome/'));

describe('buy-now complete', () => {
  it('is where the start-up sends a provisioned buy-now phone: what was bought, the new number, the next steps; the welcome call is made once', async () => {
    const { calls } = signedIn();
    const { where } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cloud phone is ready' })).toBeInTheDocument();
    expect(where()).toBe('/buynow/complete/14');
    expect(within(screen.getByRole('banner')).getByText('Buy online')).toBeInTheDocument();
    expect(screen.getByText('+441632960401')).toBeInTheDocument();
    const bought = screen.getByRole('region', { name: 'What you bought' });
    expect(within(bought).getByText('Cloud phone - 1 user')).toBeInTheDocument();
    expect(within(bought).getByText('03 Mar 2025')).toBeInTheDocument();
    expect(within(bought).getByText('Jamie Cole, extension 200')).toBeInTheDocument();
    expect(within(bought).getByText('Suite 3, 40 North Road, Brighton, BN1 1YE')).toBeInTheDocument();
    const steps = screen.getByRole('region', { name: 'Next steps' });
    expect(within(steps).getByRole('link', { name: 'Download the apps' })).toHaveAttribute('href', '/download-apps/14');
    expect(within(steps).getByRole('link', { name: 'Set up call flows' })).toHaveAttribute(
      'href',
      '/call-flows/14?tab=active-call-flow',
    );
    expect(welcomeCalls(calls)).toHaveLength(1);
    expect(welcomeCalls(calls)[0]?.body).toEqual({ is_show_welcome: false });
    // The title is set in an effect, after the page has rendered.
    await waitFor(() => expect(document.title).toBe('Your cloud phone is ready | Customer Portal'));
  });

  it('says a number chosen later has not come yet, and where to choose it', async () => {
    signedIn({ 'GET /api/v1/voip/14/buy-now/summary/': { json: { ...summary, pilot_number: null } } });
    renderApp('/buynow/complete/14');
    const number = await screen.findByRole('region', { name: 'Your new number' });
    expect(
      await within(number).findByText(
        'You have not chosen your number yet: until you do, your cloud phone has no number callers can dial.',
      ),
    ).toBeInTheDocument();
    expect(within(number).queryByText(/still being set up/)).not.toBeInTheDocument();
    expect(within(number).getByRole('link', { name: 'Choose your number' })).toHaveAttribute(
      'href',
      '/phone-numbers/14',
    );
  });

  it('goes home for good once seen', async () => {
    const { calls } = signedIn();
    const { where } = renderApp('/buynow/complete/14');
    fireEvent.click(await screen.findByRole('link', { name: 'Go to your account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(where()).toBe('/');
    expect(welcomeCalls(calls)).toHaveLength(1);
  });

  it('makes no welcome call for a buy-now phone that is live already', async () => {
    const { calls } = signedIn({
      'GET /api/v1/voip/14/buy-now/summary/': { json: { ...summary, status: 'live', is_show_welcome: false } },
    });
    renderApp('/buynow/complete/14');
    expect(await screen.findByText('+441632960401')).toBeInTheDocument();
    expect(welcomeCalls(calls)).toHaveLength(0);
  });

  it('says "Page not found" inside the frame for a product not bought online, and for an id that is none', async () => {
    signedIn();
    renderApp('/buynow/complete/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Buy online')).toBeInTheDocument();
    cleanupApp();
    signedIn();
    renderApp('/buynow/complete/0x1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows a failed load with a way to try again, and makes no welcome call before anything was seen', async () => {
    let fail = true;
    const { calls } = signedIn({
      'GET /api/v1/voip/14/buy-now/summary/': () =>
        fail ? { status: 500, json: { detail: 'Server error' } } : { json: summary },
    });
    renderApp('/buynow/complete/14', { retry: false });
    expect(await screen.findByText('What you bought could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your account' })).toBeInTheDocument();
    expect(welcomeCalls(calls)).toHaveLength(0);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('+441632960401')).toBeInTheDocument();
  });

  it('sends a visitor who is not signed in to sign in, and back here after', async () => {
    installFakeFetch({});
    const { where } = renderApp('/buynow/complete/14');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(where()).toBe(`/auth/login/?next=${encodeURIComponent('/buynow/complete/14')}`);
  });
});
