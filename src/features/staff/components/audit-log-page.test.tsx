import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { staffMessages, type AuditEntry } from '@portal/contract';

import { system } from '../../../config/theme.ts';
import { resetCsrf } from '../../../lib/http.ts';
import { clearToken, setToken } from '../../../lib/token-storage.ts';
import { clearCookies, installFakeFetch } from '../../../test/fake-fetch.ts';
import { AuditLogPage, auditLogText } from './audit-log-page.tsx';

const entry: AuditEntry = {
  id: 7,
  action: 'read',
  staff: { id: 1, email: 'support@portal.example' },
  customer: { id: 2, email: 'taylor@willow.example' },
  summary: 'viewed call flows',
  method: 'GET',
  path: '/api/v2/voip/3/call-flows/',
  status: 200,
  created: '2025-03-03T09:00:00.000Z',
  count: 3,
  last_seen: '2025-03-03T09:05:00.000Z',
};
const page = (results: AuditEntry[]) => ({ count: results.length, next: null, previous: null, results });

function renderPage(url = '/staff/audit-log') {
  const router = createMemoryRouter([{ path: '/staff/audit-log', element: <AuditLogPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  resetCsrf();
  setToken('staff-token');
});
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
});

describe('AuditLogPage', () => {
  it('shows the entries of the filters the URL names, and puts new filters in the URL', async () => {
    const { calls } = installFakeFetch({ 'GET /api/v3/staff/audit-log/': { json: page([entry]) } });
    const router = renderPage('/staff/audit-log?customer=taylor%40willow.example');
    // What was done to what, with the raw call beneath it.
    expect(await screen.findByText('Viewed call flows')).toBeTruthy();
    expect(screen.getByText('GET /api/v2/voip/3/call-flows/')).toBeTruthy();
    expect(screen.getByText(/3 times/)).toBeTruthy();
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('customer')).toBe('taylor@willow.example');
    expect((screen.getByLabelText(auditLogText.customer) as HTMLInputElement).value).toBe('taylor@willow.example');

    fireEvent.change(screen.getByLabelText(auditLogText.staff), { target: { value: 'support@portal.example' } });
    fireEvent.change(screen.getByLabelText(auditLogText.from), { target: { value: '2025-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: auditLogText.apply }));
    expect(router.state.location.search).toBe(
      '?staff=support%40portal.example&customer=taylor%40willow.example&from=2025-03-01',
    );
  });

  it('says when nothing matches', async () => {
    installFakeFetch({ 'GET /api/v3/staff/audit-log/': { json: page([]) } });
    renderPage();
    expect(await screen.findByText(auditLogText.empty)).toBeTruthy();
  });

  it("shows the server's refusal to someone without the role", async () => {
    installFakeFetch({
      'GET /api/v3/staff/audit-log/': { status: 403, json: { detail: staffMessages.auditNotAllowed } },
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(staffMessages.auditNotAllowed);
  });
});
