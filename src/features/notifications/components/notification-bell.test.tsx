import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '../../../components/toaster.tsx';
import { system } from '../../../config/theme.ts';
import { resetCsrf } from '../../../lib/http.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearCookies, installFakeFetch, type RecordedCall } from '../../../test/fake-fetch.ts';
import {
  cloaNotification,
  hardwareOrder,
  numberChangeNotification,
  page,
  serviceUpdate,
  targetedNotification,
  transferOrder,
} from '../test-fixtures.ts';
import NotificationBell from './notification-bell.tsx';

const lists = {
  'GET /api/v3/service-updates/': {
    json: page([
      serviceUpdate(),
      serviceUpdate({
        id: 2,
        title: 'Resolved: calls to 0800 numbers',
        published: '2025-02-20T09:00:00.000Z',
        read: true,
      }),
    ]),
  },
  'GET /api/v3/notifications/': {
    json: page([targetedNotification(), cloaNotification(), numberChangeNotification({ read: true })]),
  },
  'GET /api/v3/orders/': { json: page([transferOrder({ read: true }), hardwareOrder()]) },
};

function renderBell(routes: Parameters<typeof installFakeFetch>[0] = {}) {
  const fake = installFakeFetch({ ...lists, ...routes });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <main>
          <NotificationBell />
        </main>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return fake;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const panel = () => screen.getByRole('dialog', { name: 'Notifications' });
const sent = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && new URL(call.url, 'http://x').pathname === path);

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

describe('the notification bell', () => {
  it('loads the lists on start and names the unread count and the unsigned letter of authority', async () => {
    const { calls } = renderBell();
    expect(bell()).toHaveAttribute('aria-label', 'Notifications');
    await waitFor(() =>
      expect(bell()).toHaveAttribute(
        'aria-label',
        'Notifications, 4 unread, a letter of authority is waiting to be signed',
      ),
    );
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    expect(bell().querySelector('[data-tone]')).toHaveAttribute('data-tone', 'warning');
    const gets = calls
      .filter((call) => call.method === 'GET')
      .map((call) => call.url)
      .sort();
    expect(gets).toEqual([
      '/api/v3/notifications/?page_size=50',
      '/api/v3/orders/?page_size=50&type=all',
      '/api/v3/service-updates/?page_size=50&type=all',
    ]);
  });

  it('uses the primary colour without an unsigned letter of authority', async () => {
    renderBell({ 'GET /api/v3/notifications/': { json: page([numberChangeNotification()]) } });
    await waitFor(() => expect(bell()).toHaveAttribute('aria-label', 'Notifications, 3 unread'));
    expect(bell().querySelector('[data-tone]')).toHaveAttribute('data-tone', 'primary');
  });

  it('opens a panel of the unread items newest first; Escape closes it and focus returns to the bell', async () => {
    renderBell();
    await waitFor(() => expect(bell()).toHaveAttribute('aria-label', expect.stringMatching(/4 unread/)));
    fireEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    expect(bell()).toHaveAttribute('aria-controls', dialog.id);
    await waitFor(() => expect(dialog).toHaveFocus());
    const rows = within(within(dialog).getByRole('list', { name: 'Recent updates' })).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Unread\. Notification · 03 Mar 2025BroadbandYour broadband may be affected/),
      expect.stringMatching(/^Unread\. Service update · 03 Mar 2025InvestigatingBroadband outage in Leeds LS11/),
      expect.stringMatching(/^Unread\. Notification · 03 Mar 2025UnsignedSign your letter of authority/),
      expect.stringMatching(/^Unread\. Order · 02 Mar 2025ProcessingHardware order HW-88213/),
    ]);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
  });

  it('opening an item shows its detail and marks it read; a service update marks its notifications read too', async () => {
    const { calls } = renderBell({
      'POST /api/v3/notifications/mark-as-read/': { json: { ids: [20] } },
      'POST /api/v3/service-updates/mark-as-read/': { json: { ids: [1], notification_ids: [21] } },
    });
    await waitFor(() => expect(bell()).toHaveAttribute('aria-label', expect.stringMatching(/4 unread/)));
    fireEvent.click(bell());
    fireEvent.click(
      await within(await screen.findByRole('dialog', { name: 'Notifications' })).findByRole('button', {
        name: /Sign your letter of authority/,
      }),
    );

    const detail = await screen.findByRole('dialog', { name: 'Sign your letter of authority' });
    expect(detail).toHaveTextContent('+441632960500 to +441632960509');
    expect(detail).toHaveTextContent('Letter of authority: Unsigned');
    expect(detail).toHaveTextContent('the transfer cannot go ahead until it is signed');
    await waitFor(() =>
      expect(sent(calls, '/api/v3/notifications/mark-as-read/').map((call) => call.body)).toEqual([{ ids: [20] }]),
    );
    expect(sent(calls, '/api/v3/notifications/mark-as-read/')[0]?.headers['x-csrftoken']).toBe('test-csrf');
    await waitFor(() =>
      expect(bell()).toHaveAttribute('aria-label', expect.stringMatching(/^Notifications, 3 unread/)),
    );

    fireEvent.click(within(detail).getByRole('button', { name: 'Close' }));
    // What was opened stays in the list, now read.
    const row = within(panel()).getByRole('button', { name: /Sign your letter of authority/ });
    expect(row).toHaveAttribute('data-read', 'true');

    fireEvent.click(within(panel()).getByRole('button', { name: /Broadband outage in Leeds LS11/ }));
    const update = await screen.findByRole('dialog', { name: 'Broadband outage in Leeds LS11' });
    expect(update).toHaveTextContent('Some lines are down.');
    expect(update).toHaveTextContent('Updated 03 Mar 2025');
    await waitFor(() =>
      expect(bell()).toHaveAttribute(
        'aria-label',
        expect.stringMatching(/^Notifications, 1 unread, a letter of authority/),
      ),
    );
  });

  it('"Clear all" marks everything read and shows "No recent updates", with the unsigned letter of authority still reachable', async () => {
    const { calls } = renderBell({
      'POST /api/v3/service-updates/mark-as-read/': { json: { ids: [1], notification_ids: [21] } },
      'POST /api/v3/notifications/mark-as-read/': { json: { ids: [20, 21] } },
      'POST /api/v3/orders/mark-as-read/': { json: { ids: [11] } },
    });
    await waitFor(() => expect(bell()).toHaveAttribute('aria-label', expect.stringMatching(/4 unread/)));
    fireEvent.click(bell());
    fireEvent.click(
      await within(await screen.findByRole('dialog', { name: 'Notifications' })).findByRole('button', {
        name: 'Clear all',
      }),
    );
    expect(await within(panel()).findByText('No recent updates')).toBeInTheDocument();
    for (const path of [
      '/api/v3/service-updates/mark-as-read/',
      '/api/v3/notifications/mark-as-read/',
      '/api/v3/orders/mark-as-read/',
    ]) {
      expect(sent(calls, path).map((call) => call.body)).toEqual([{ all: true }]);
    }
    expect(bell()).toHaveAttribute(
      'aria-label',
      'Notifications, 0 unread, a letter of authority is waiting to be signed',
    );
    fireEvent.click(
      within(panel()).getByRole('button', { name: /Letter of authority not signed: \+441632960500 to \+441632960509/ }),
    );
    expect(await screen.findByRole('dialog', { name: 'Sign your letter of authority' })).toBeInTheDocument();
  });

  it('shows a list that failed to load, with a way to try again, beside the others', async () => {
    let fail = true;
    renderBell({
      'GET /api/v3/orders/': () => (fail ? { status: 500, json: { detail: 'boom' } } : lists['GET /api/v3/orders/']),
    });
    await waitFor(() => expect(bell()).toHaveAttribute('aria-label', expect.stringMatching(/3 unread/)));
    fireEvent.click(bell());
    const alert = await within(await screen.findByRole('dialog', { name: 'Notifications' })).findByRole('alert');
    expect(alert).toHaveTextContent('Orders could not be loaded');
    expect(within(panel()).getAllByRole('button', { name: /Unread/ })).toHaveLength(3);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(bell()).toHaveAttribute('aria-label', expect.stringMatching(/4 unread/)));
    expect(within(panel()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the loading state while the lists load', async () => {
    // The notifications request never answers, so the panel stays in its loading state.
    renderBell({ 'GET /api/v3/notifications/': () => new Promise(() => {}) });
    fireEvent.click(bell());
    expect(
      await within(await screen.findByRole('dialog', { name: 'Notifications' })).findByText(/Loading notifications/),
    ).toBeInTheDocument();
  });
});
