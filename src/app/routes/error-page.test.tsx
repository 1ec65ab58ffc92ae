import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../lib/query-client.ts';
import { AppProviders } from '../providers.tsx';
import { ErrorPageBoundary, RouteErrorPage } from './error-page.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('the error page broke');
}

describe('error pages', () => {
  it('falls back to a plain message with a link home when the error page itself throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorPageBoundary>
        <Broken />
      </ErrorPageBoundary>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'An error occurred while showing the error page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows "Page not found" for a 404 thrown by a loader, and "An error occurred" otherwise', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          errorElement: <RouteErrorPage />,
          children: [
            {
              path: '/gone',
              loader: () => {
                throw new Response('', { status: 404 });
              },
              element: null,
            },
            {
              path: '/broken',
              loader: () => {
                throw new Error('boom');
              },
              element: null,
            },
          ],
        },
      ],
      { initialEntries: ['/gone'] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await router.navigate('/broken');
    expect(await screen.findByRole('heading', { level: 1, name: 'An error occurred' })).toBeInTheDocument();
  });
});
