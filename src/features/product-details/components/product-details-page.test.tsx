import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ProductDetails, ProductKind, Renewal } from '@portal/contract';

import { toaster } from '../../../components/toaster.tsx';
import * as paths from '../../../config/paths.ts';
import { system } from '../../../config/theme.ts';
import { resetCsrf } from '../../../lib/http.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearCookies, installFakeFetch, type RecordedCall } from '../../../test/fake-fetch.ts';
import { ProductDetailsPage } from './product-details-page.tsx';

// Today, as the page's renewal rule reads it: the current contract below ends in 20 days.
const NOW = new Date(2026, 4, 1, 12);

const phone: ProductDetails = {
  product_id: 21,
  product_kind: 'voip2',
  tariff_name: 'Cloud Phone Essentials',
  tariff_price: '18.00',
  promo_length: 3,
  promo_price: '9.00',
  product_detail: 'Cloud phone - 2 users (Meadow Lane)',
  contract_length_months: 24,
  live_date: '2024-05-21',
  status: 'live',
  download_token: 'tok-21',
  children: [
    {
      product_detail: 'Additional user (Sam Patel)',
      tariff_name: 'Cloud Phone User',
      tariff_price: '8.00',
      promo_price: null,
      promo_length: null,
    },
  ],
  contracts: [
    {
      contract_id: 'CT-21-1',
      start_date: '2024-05-21',
      end_date: '2026-05-21',
      contract_length_months: 24,
      contract_summaries_sent: 2,
      contract_sent: true,
      status: 'ACTIVE',
    },
    {
      contract_id: 'CT-21-2',
      start_date: '2024-05-22',
      end_date: '2024-06-01',
      contract_length_months: 24,
      contract_summaries_sent: 0,
      contract_sent: false,
      status: 'VOID',
    },
  ],
  site: {
    pilot_number: '01174960001',
    users: 2,
    numbers: 1,
    active_call_flow: { kind: 'simple', name: 'Simple call flow' },
  },
  renewal_agreed: null,
};
const renewal: Renewal = {
  current_tariff_name: 'Cloud Phone Essentials',
  current_tariff_price: '18.00',
  current_promo_length: null,
  current_promo_price: null,
  current_contract_length: 24,
  current_contract_end_date: '2026-05-21',
  renewal_tariff_name: 'Cloud Phone Essentials (renewal)',
  renewal_tariff_price: '16.00',
  renewal_promo_length: 1,
  renewal_promo_price: '0.00',
};
// The server's answer to the renewal: the current tariff stays until the new contract starts.
const renewed: ProductDetails = {
  ...phone,
  contracts: [
    ...phone.contracts,
    {
      contract_id: 'CT-21-3',
      start_date: '2026-05-22',
      end_date: '2028-05-21',
      contract_length_months: 24,
      contract_summaries_sent: 1,
      contract_sent: true,
      status: 'PENDING',
    },
  ],
  renewal_agreed: {
    contract_id: 'CT-21-3',
    tariff_name: 'Cloud Phone Essentials (renewal)',
    tariff_price: '16.00',
    promo_length: 1,
    promo_price: '0.00',
    contract_length_months: 24,
    start_date: '2026-05-22',
    end_date: '2028-05-21',
  },
};

function renderPage(
  routes: Parameters<typeof installFakeFetch>[0],
  kind: ProductKind = 'voip2',
): { calls: RecordedCall[] } {
  const { calls } = installFakeFetch(routes);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <ProductDetailsPage productId={21} kind={kind} />
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { calls };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  clearCookies();
  resetCsrf();
  document.cookie = 'csrftoken=test-csrf';
});
afterEach(() => {
  cleanup();
  act(() => toaster.dismiss());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the product details page', () => {
  it('shows the tariff, the site at a glance, the children and the contracts without the VOID one', async () => {
    renderPage({
      'GET /api/v3/products/21/': { json: phone },
      'GET /api/v3/products/21/renewal/': { json: { ...renewal, current_contract_end_date: '2026-09-01' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud phone details' })).toBeInTheDocument();
    const tariff = screen.getByRole('region', { name: 'Tariff' });
    expect(within(tariff).getByText('£18.00 a month')).toBeInTheDocument();
    expect(within(tariff).getByText('£9.00 a month for 3 months')).toBeInTheDocument();
    expect(within(tariff).getByText('21 May 2024')).toBeInTheDocument();
    expect(within(tariff).getByText('Live')).toBeInTheDocument();
    const site = screen.getByRole('region', { name: 'Your phone system' });
    expect(within(site).getByRole('link', { name: '+441174960001' })).toHaveAttribute('href', '/phone-numbers/21');
    expect(within(site).getByRole('link', { name: '2 users' })).toHaveAttribute('href', '/users-devices/21');
    expect(within(site).getByRole('link', { name: 'Simple call flow' })).toHaveAttribute(
      'href',
      '/call-flows/21?tab=active-call-flow',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Additional user (Sam Patel)' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Included with this product' })).getByText('£8.00 a month'),
    ).toBeInTheDocument();
    const contracts = within(screen.getByRole('list', { name: 'Contracts' })).getAllByRole('heading', { level: 3 });
    expect(contracts.map((h) => h.textContent)).toEqual(['Contract CT-21-1']);
    // Its end is more than a month away: no renewal offered.
    expect(screen.queryByRole('heading', { name: 'Renew your contract' })).not.toBeInTheDocument();
  });

  it('offers renewal within a month of the end: both tariffs side by side with VAT, and the new contract once confirmed', async () => {
    const { calls } = renderPage({
      'GET /api/v3/products/21/': { json: phone },
      'GET /api/v3/products/21/renewal/': { json: renewal },
      'POST /api/v3/products/21/renewal/': { status: 201, json: renewed },
    });
    const offer = await screen.findByRole('region', { name: 'Renew your contract' });
    expect(within(offer).getByRole('radio', { name: '24 months' })).toBeChecked();
    const current = within(offer).getByRole('region', { name: 'Current tariff' });
    const next = within(offer).getByRole('region', { name: 'Renewal tariff' });
    expect(within(current).getByText('£21.60 inc. VAT')).toBeInTheDocument();
    // 24 × £18 = £432, £518.40 with VAT; the renewal: 1 month free, then 23 × £16 = £368, £441.60.
    expect(within(current).getByText('£518.40 inc. VAT')).toBeInTheDocument();
    expect(within(next).getByText('£441.60 inc. VAT')).toBeInTheDocument();
    expect(within(next).getByText('£0.00 inc. VAT for 1 month')).toBeInTheDocument();
    fireEvent.click(within(offer).getByRole('radio', { name: '12 months' }));
    expect(within(next).getByText('£211.20 inc. VAT')).toBeInTheDocument();
    expect(within(offer).getByText(/from 22 May 2026 to 21 May 2027/)).toBeInTheDocument();
    fireEvent.click(within(offer).getByRole('radio', { name: '24 months' }));
    fireEvent.click(within(offer).getByRole('button', { name: 'Confirm renewal for 24 months' }));
    expect(await screen.findByText('Your contract has been renewed')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'New contract CT-21-3: 24 months, from 22 May 2026 to 21 May 2028.',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ contract_length_months: 24 });
    const contracts = within(screen.getByRole('list', { name: 'Contracts' })).getAllByRole('heading', { level: 3 });
    expect(contracts.map((h) => h.textContent)).toEqual(['Contract CT-21-3', 'Contract CT-21-1']);
    // The current tariff stays until the current contract ends; the renewal is shown as agreed, from its date.
    const tariff = screen.getByRole('region', { name: 'Tariff' });
    expect(within(tariff).getByText('Cloud Phone Essentials')).toBeInTheDocument();
    expect(within(tariff).getByText('£18.00 a month')).toBeInTheDocument();
    expect(
      within(tariff).getByText(
        'Cloud Phone Essentials (renewal), £16.00 a month (£0.00 a month for 1 month), 24 months from 22 May 2026 to 21 May 2028',
      ),
    ).toBeInTheDocument();
  });

  it('offers no second renewal once one is agreed, and says what was agreed', async () => {
    renderPage({
      'GET /api/v3/products/21/': { json: renewed },
      'GET /api/v3/products/21/renewal/': { json: renewal },
    });
    const tariff = await screen.findByRole('region', { name: 'Tariff' });
    expect(within(tariff).getByText(/^Cloud Phone Essentials \(renewal\), £16.00 a month/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Renew your contract' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when the renewal is refused", async () => {
    renderPage({
      'GET /api/v3/products/21/': { json: phone },
      'GET /api/v3/products/21/renewal/': { json: renewal },
      'POST /api/v3/products/21/renewal/': {
        status: 400,
        json: {
          detail: 'This contract cannot be renewed now: renewal opens one month before the current contract ends.',
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm renewal for 24 months' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'renewal opens one month before the current contract ends',
    );
  });

  it('offers no renewal when the end date or the length is not known', async () => {
    renderPage({
      'GET /api/v3/products/21/': { json: phone },
      'GET /api/v3/products/21/renewal/': { json: { ...renewal, current_contract_length: null } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud phone details' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Renew your contract' })).not.toBeInTheDocument();
  });

  it("goes to the product's own details route from another kind's (/voip-details/21 for a voip2 cloud phone)", async () => {
    installFakeFetch({
      'GET /api/v3/products/21/': { json: phone },
      'GET /api/v3/products/21/renewal/': { json: renewal },
    });
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    render(
      <ChakraProvider value={system}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[paths.voipDetails.build({ id: 21 })]}>
            <Routes>
              <Route path={paths.voipDetails.pattern} element={<ProductDetailsPage productId={21} kind="voip1" />} />
              <Route
                path={paths.productPhoneDetails.pattern}
                element={<p>{`own details page at ${paths.productPhoneDetails.build({ id: 21 })}`}</p>}
              />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>,
    );
    expect(
      await screen.findByText(`own details page at ${paths.productPhoneDetails.build({ id: 21 })}`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('is "Page not found" for a 404', async () => {
    renderPage({ 'GET /api/v3/products/21/': { status: 404, json: { detail: 'Not found.' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('says so when the details cannot be loaded, with a way to try again', async () => {
    renderPage({ 'GET /api/v3/products/21/': { status: 500, json: { detail: 'boom' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The product details could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
