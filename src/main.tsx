import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { config as zodConfig } from 'zod/v4/core';

import { AppProviders } from './app/providers.tsx';
import { createAppRoutes, discoverRoutes } from './app/routes.tsx';
import { handleInvalidToken } from './app/session.ts';
import { reloadForChunkError } from './lib/chunk-reload.ts';
import { startConsent } from './lib/consent.ts';
import { markAppStarted } from './lib/early-requests.ts';
import { onInvalidToken } from './lib/http.ts';
import { createQueryClient } from './lib/query-client.ts';

// The Content-Security-Policy refuses eval (server/src/plugins/security-headers.ts): zod's
// compiled parsers would probe `new Function` and report a CSP violation; parse without them.
zodConfig({ jitless: true });
// From here on the app asks for what it needs itself: an early.js still to run asks for nothing (lib/early-requests.ts).
markAppStarted();
// The analytics the server configured, if any: the consent banner, or the services already allowed (lib/consent.ts).
startConsent();

const queryClient = createQueryClient();

// The guards read the pending navigation from the router, which exists only once created.
const current: { router?: ReturnType<typeof createBrowserRouter> } = {};
const router = createBrowserRouter(
  createAppRoutes(queryClient, () => current.router?.state.navigation.location),
  {
    patchRoutesOnNavigation: discoverRoutes(queryClient),
  },
);
current.router = router;

onInvalidToken(() => handleInvalidToken(router, queryClient));

// A preload of a chunk that vanished after a deploy: reload (at most once a minute)
// rather than fail; when the guard refuses, the error reaches the error page.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render as a transition: React renders it in slices of a few milliseconds, giving the
// browser its turn between them, instead of one long task (Lighthouse's Total Blocking Time on a
// slow phone). index.html's shell stays on screen until the render commits.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
