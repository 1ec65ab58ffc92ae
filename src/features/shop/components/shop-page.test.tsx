import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SHOP_CACHE_MS, type ShopItem } from '@portal/contract';

import { system } from '../../../config/theme.ts';
import { resetCsrf } from '../../../lib/http.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearCookies, installFakeFetch, sampleNavigation, type RecordedCall } from '../../../test/fake-fetch.ts';
import { CATALOGUE_STORAGE_KEY } from '../api/shop-api.ts';
import { basketKey } from '../logic/basket.ts';
import { ShopPage } from './shop-page.tsx';

const items: ShopItem[] = [
  { id: 1, name: 'Yealink T31P desk phone', price: '59.99', category: 'Phones', sub_category: 'Desk phones' },
  { id: 3, name: 'Ethernet cable, 3 m', price: '2.99', category: 'Accessories', sub_category: 'Cables' },
  { id: 4, name: 'Delivery', price: '7.99', category: 'Setup', sub_category: null },
];

function renderShop(): { calls: RecordedCall[] } {
  const { calls } = installFakeFetch({
    'GET /api/v3/navigation/': { json: sampleNavigation },
    'GET /api/v1/voip/hardware/': { json: { results: [], items } },
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/shop?tab=all-items']}>
          <ShopPage />
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { calls };
}

const catalogueCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.includes('/api/v1/voip/hardware/')).length;

beforeEach(() => {
  clearCookies();
  resetCsrf();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the shop page', () => {
  it('shelves the items by category and sub-category; the steppers fill the basket, with delivery and VAT in £', async () => {
    renderShop();
    expect(await screen.findByRole('heading', { level: 2, name: 'Phones' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Desk phones' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Delivery' })).not.toBeInTheDocument();
    const basket = screen.getByRole('complementary', { name: 'Basket' });
    expect(basket).toHaveTextContent('Your basket is empty');
    expect(within(basket).getByRole('button', { name: 'Checkout' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'One more Yealink T31P desk phone' }));
    fireEvent.click(screen.getByRole('button', { name: 'One more Yealink T31P desk phone' }));
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Yealink T31P desk phone' })).toHaveValue(2);
    expect(within(basket).getByRole('list', { name: 'Totals' })).toHaveTextContent(
      'Subtotal£127.97VAT (20%)£25.59Total with VAT£153.56',
    );
    expect(JSON.parse(localStorage.getItem(basketKey(3))!)).toEqual({ version: 1, quantities: { 1: 2 } });

    fireEvent.click(screen.getByRole('button', { name: 'One fewer Yealink T31P desk phone' }));
    expect(within(basket).getByRole('list', { name: 'Basket items' })).toHaveTextContent(
      '1 × Yealink T31P desk phone£59.99Delivery£7.99',
    );
  });

  it('shows the stored basket again, and keeps the catalogue 24 hours without asking again', async () => {
    localStorage.setItem(basketKey(3), JSON.stringify({ version: 1, quantities: { 3: 4 } }));
    localStorage.setItem(
      CATALOGUE_STORAGE_KEY,
      JSON.stringify({ fetchedAt: Date.now() - SHOP_CACHE_MS + 60_000, items }),
    );
    const { calls } = renderShop();
    expect(await screen.findByRole('spinbutton', { name: 'Quantity of Ethernet cable, 3 m' })).toHaveValue(4);
    expect(catalogueCalls(calls)).toBe(0);
  });

  it('fetches the catalogue again once the stored one is 24 hours old, and stores it with the time', async () => {
    localStorage.setItem(CATALOGUE_STORAGE_KEY, JSON.stringify({ fetchedAt: Date.now() - SHOP_CACHE_MS, items: [] }));
    const { calls } = renderShop();
    expect(await screen.findByRole('heading', { level: 2, name: 'Phones' })).toBeInTheDocument();
    expect(catalogueCalls(calls)).toBe(1);
    const stored = JSON.parse(localStorage.getItem(CATALOGUE_STORAGE_KEY)!) as { fetchedAt: number; items: ShopItem[] };
    expect(stored.items).toEqual(items);
    expect(Date.now() - stored.fetchedAt).toBeLessThan(60_000);
  });
});
