import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Order } from '@portal/contract';

import { toaster } from '../../../components/toaster.tsx';
import { system } from '../../../config/theme.ts';
import { resetCsrf } from '../../../lib/http.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearCookies, installFakeFetch, type RecordedCall } from '../../../test/fake-fetch.ts';
import { OrdersPage } from './orders-page.tsx';

const base = {
  status: 'DISPATCHED',
  account_id: 3,
  date_ordered: '2025-02-25T09:00:00.000Z',
  last_updated_date: '2025-03-02T07:00:00.000Z',
  read: false,
};
const hardware: Order = {
  ...base,
  id: 11,
  order_id: 'HW-88213',
  kind: 'HARDWARE_ORDER',
  hardware: {
    parts_to_order: [{ name: 'Yealink T54W desk phone', quantity: 2 }],
    shipping_date: '2025-03-02',
    shipping_carrier_operator: 'APC',
    shipping_post_code: 'LS11 5PZ',
    shipping_tracking_id: '7712345',
    shipping_tracking_link: 'https://apcchoice.apc-overnight.com/track-parcel?id=7712345',
  },
};
const transfer: Order = {
  ...base,
  id: 10,
  status: 'PORTED',
  read: true,
  order_id: 'PT-19873',
  kind: 'NUMBER_TRANSFER',
  number_transfer: {
    range_start: '02079460102',
    range_end: null,
    isRange: false,
    confirmed_transfer_date: '2025-03-05',
    cloa_status: 'SIGNED',
  },
};
const pageOf = (results: Order[], count = results.length) => ({ count, next: null, previous: null, results });
/** The notification centre's cached orders: the bell counts these. */
const CENTRE_ORDERS = ['notification-centre', 'orders'];

function renderPage(
  routes: Parameters<typeof installFakeFetch>[0],
  at = '/my-orders',
): { calls: RecordedCall[]; queryClient: QueryClient } {
  const { calls } = installFakeFetch(routes);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[at]}>
          <OrdersPage />
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { calls, queryClient };
}

const gets = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'GET').map((call) => call.url);

beforeEach(() => {
  clearCookies();
  resetCsrf();
  document.cookie = 'csrftoken=test-csrf';
});
afterEach(() => {
  cleanup();
  act(() => toaster.dismiss());
  vi.unstubAllGlobals();
});

describe('the order tracker', () => {
  it('shows each order with its chips, summary and tracking link, and asks for the kind the tab names', async () => {
    const { calls } = renderPage({ 'GET /api/v3/orders/': { json: pageOf([hardware, transfer]) } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders');
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(gets(calls)).toEqual(['/api/v3/orders/?type=all&page=1&page_size=10']);
    const [first, second] = within(list).getAllByRole('heading', { level: 2 });
    expect(first).toHaveTextContent(
      /^Unread\. Hardware order · Ordered 25 Feb 2025Hardware order HW-88213Status: Processing$/,
    );
    expect(second).toHaveTextContent(
      /^Number transfer · Ordered 25 Feb 2025Number transfer PT-19873Status: CompletedLetter of authority: Signed$/,
    );
    expect(screen.getByText('2 × Yealink T54W desk phone')).toBeInTheDocument();
    expect(screen.getByText('+442079460102')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Track your parcel with APC (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://apcchoice.apc-overnight.com/track-parcel?id=7712345');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('navigation', { name: 'Pages of orders' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Number transfers' }));
    await waitFor(() => expect(gets(calls)).toContain('/api/v3/orders/?type=NUMBER_TRANSFER&page=1&page_size=10'));
    expect(screen.getByRole('tab', { name: 'Number transfers' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opening an unread order shows its details and marks it read here and in the notification centre', async () => {
    const marked: unknown[] = [];
    const { calls, queryClient } = renderPage({
      'GET /api/v3/orders/': { json: pageOf([hardware, transfer]) },
      'POST /api/v3/orders/mark-as-read/': (call) => {
        marked.push(call.body);
        return { json: { ids: [11] } };
      },
    });
    queryClient.setQueryData(CENTRE_ORDERS, pageOf([hardware]));
    const opener = await screen.findByRole('button', { name: /Hardware order HW-88213/ });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Tracking number')).toBeInTheDocument();
    await waitFor(() => expect(opener).not.toHaveTextContent(/Unread\./));
    expect(marked).toEqual([{ ids: [11] }]);
    expect(queryClient.getQueryData<{ results: Order[] }>(CENTRE_ORDERS)?.results[0]?.read).toBe(true);
    // A read order opens without another call.
    fireEvent.click(screen.getByRole('button', { name: /Number transfer PT-19873/ }));
    expect(screen.getByText('Transfer date')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says "No orders yet" when there are none, and pages through more than one page', async () => {
    renderPage({ 'GET /api/v3/orders/': { json: pageOf([]) } });
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    cleanup();
    const { calls } = renderPage(
      { 'GET /api/v3/orders/': { json: pageOf([hardware], 11) } },
      '/my-orders?kind=hardware&page=2',
    );
    const pages = await screen.findByRole('navigation', { name: 'Pages of orders' });
    expect(gets(calls)).toEqual(['/api/v3/orders/?type=HARDWARE_ORDER&page=2&page_size=10']);
    expect(pages).toHaveTextContent('Page 2 of 2');
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(gets(calls)).toContain('/api/v3/orders/?type=HARDWARE_ORDER&page=1&page_size=10'));
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    renderPage({
      'GET /api/v3/orders/': () =>
        fail ? { status: 500, json: { detail: 'Server error' } } : { json: pageOf([transfer]) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your orders could not be loaded');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Orders' })).toBeInTheDocument();
  });
});
