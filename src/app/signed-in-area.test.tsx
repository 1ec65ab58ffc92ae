import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { clearToken, setToken } from '../lib/token-storage.ts';
import { SignedInArea } from './session.ts';

function renderArea() {
  const queryClient = new QueryClient();
  const router = createMemoryRouter(
    [
      { element: <SignedInArea />, children: [{ path: '/home', element: <p>Home</p> }] },
      { path: '/auth/login/', element: <p>Sign in</p> },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  queryClient.setQueryData(['navigation'], { products: [] });
  return { queryClient, router };
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the signed-in area', () => {
  it('empties the query cache when it goes with no session left', async () => {
    setToken('t');
    const { queryClient, router } = renderArea();
    clearToken();
    await act(() => router.navigate('/auth/login/'));
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('keeps the cache when it goes with the session still there', async () => {
    setToken('t');
    const { queryClient, router } = renderArea();
    await act(() => router.navigate('/auth/login/'));
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['navigation']]);
  });
});
