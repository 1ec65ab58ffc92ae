import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';

import { AppProviders } from '../app/providers.tsx';
import { createAppRoutes, discoverRoutes } from '../app/routes.tsx';
import { toaster } from '../components/toaster.tsx';
import { resetCsrf } from '../lib/http.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { clearToken } from '../lib/token-storage.ts';
import { clearCookies } from './fake-fetch.ts';

/**
 * The whole app (providers, the real route table) in a memory router at `path`, as the
 * browser would start it. `retry: false` turns off the query client's retries, so a failed
 * call shows its error at once; `strict: true` renders it in StrictMode as main.tsx does
 * (effects run twice). `where()` is the address now, with its fragment.
 */
export function renderApp(path: string, { retry = true, strict = false }: { retry?: boolean; strict?: boolean } = {}) {
  const queryClient = createQueryClient();
  if (!retry) queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const current: { router?: ReturnType<typeof createMemoryRouter> } = {};
  const router = createMemoryRouter(
    createAppRoutes(queryClient, () => current.router?.state.navigation.location),
    {
      initialEntries: [path],
      patchRoutesOnNavigation: discoverRoutes(queryClient),
    },
  );
  current.router = router;
  const app = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  const where = () => `${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`;
  return { router, queryClient, where };
}

/** Before each app test: no session, no storage, no cookies but a CSRF one, no scrolling. */
export function resetAppState(): void {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  clearToken();
  localStorage.clear();
  clearCookies();
  resetCsrf();
  document.cookie = 'csrftoken=test-csrf';
}

/** After each app test: unmount, drop toasts and stubbed globals. */
export function cleanupApp(): void {
  cleanup();
  act(() => toaster.dismiss());
  vi.unstubAllGlobals();
}
