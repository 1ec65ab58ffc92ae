import { Box } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router-dom';

import { NotFoundContent } from '../components/not-found-content.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { MAIN_CONTENT_ID } from '../components/skip-link.tsx';
import * as paths from '../config/paths.ts';
import { guestOnlyLoader, requestLocation, requireSession, sessionUserLoader, type LocationLike } from './guards.ts';
import { homeLoader, REDIRECT_ONLY_ROUTES, revalidateOnEveryPage } from './loaders.ts';
import { RootLayout } from './root-layout.tsx';
import { ErrorPageBoundary, RootErrorElement, RouteErrorPage } from './routes/error-page.tsx';
import { SIGNED_IN_ROUTE_ID, SignedInArea } from './session.ts';

/** The signed-in layouts: the default one (top bar, side drawer), and the call-flow editor's. */
export const DEFAULT_LAYOUT_ROUTE_ID = 'default-layout';
export const CALL_FLOW_EDITOR_LAYOUT_ROUTE_ID = 'call-flow-editor-layout';

/**
 * The route table. Every screen is loaded on demand (`lazy`, spec: "All screens load on
 * demand"); guards and loaders are defined here, outside the lazy modules, so they run
 * while the screen's code is still downloading.
 *
 * `pendingLocation` gives the location being navigated to (with its hash, which loader
 * requests lack); the browser's own location is the fallback on the first load.
 */
export function createAppRoutes(
  queryClient: QueryClient,
  pendingLocation: () => LocationLike | undefined,
): RouteObject[] {
  const locationOf = (request: Request) =>
    requestLocation(request, [pendingLocation(), typeof window === 'undefined' ? undefined : window.location]);

  const framedError = (
    <ErrorPageBoundary>
      <RouteErrorPage framed={false} />
    </ErrorPageBoundary>
  );

  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RootErrorElement />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          id: paths.authLogin.name,
          path: paths.authLogin.pattern,
          loader: guestOnlyLoader(queryClient),
          lazy: () => import('./routes/auth/login.tsx'),
        },
        {
          // Staff sign in as a customer, anyone else is signed out (spec 000 section 4): its own layout, outside the signed-in ones.
          id: paths.loginAs.name,
          path: paths.loginAs.pattern,
          lazy: () => import('./routes/login-as.tsx'),
        },
        {
          id: SIGNED_IN_ROUTE_ID,
          element: <SignedInArea />,
          middleware: [requireSession(locationOf)],
          loader: sessionUserLoader(queryClient, locationOf),
          children: [
            {
              id: DEFAULT_LAYOUT_ROUTE_ID,
              lazy: () => import('./layouts/default-layout.tsx'),
              children: [
                {
                  // Errors of signed-in pages show inside the layout frame.
                  errorElement: framedError,
                  // The layout's start-up (spec 000 section 4): redirects and 404s happen here, framed.
                  // It comes with the layout's chunk, which downloads at the same time anyway.
                  loader: async (args) =>
                    (await import('./layouts/default-layout.tsx')).defaultLayoutLoader(queryClient)(args),
                  shouldRevalidate: revalidateOnEveryPage,
                  children: [
                    {
                      id: paths.index.name,
                      index: true,
                      loader: homeLoader(queryClient),
                      lazy: () => import('./routes/app/home.tsx'),
                    },
                    ...REDIRECT_ONLY_ROUTES.map((page) => ({
                      id: page.name,
                      path: page.pattern,
                      element: <NotFoundContent loggedIn />,
                    })),
                  ],
                },
              ],
            },
            {
              id: CALL_FLOW_EDITOR_LAYOUT_ROUTE_ID,
              lazy: () => import('./layouts/call-flow-editor-layout.tsx'),
              children: [
                {
                  errorElement: (
                    <Box
                      as="main"
                      id={MAIN_CONTENT_ID}
                      tabIndex={-1}
                      outline="none"
                      flex="1"
                      overflowY="auto"
                      bg="bg"
                      px={{ base: '4', lg: '10' }}
                      py={{ base: '6', lg: '10' }}
                    >
                      {framedError}
                    </Box>
                  ),
                  children: [
                    {
                      id: paths.callFlowsCustom.name,
                      path: paths.callFlowsCustom.pattern,
                      loader: async (args) =>
                        (await import('./routes/app/call-flows-loaders.ts')).callFlowEditorLoader(queryClient)(args),
                      lazy: () => import('./routes/app/call-flow-editor.tsx'),
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          id: paths.notFound.name,
          path: paths.notFound.pattern,
          lazy: () => import('./routes/not-found.tsx'),
        },
      ],
    },
  ];
}

/**
 * Paths whose routes are found on demand (on-demand-routes.tsx): every path but the few this table holds for the
 * first load (home, sign in, staff's sign-in-as link, the custom call-flow editor). Their route objects and chunk
 * lists would cost every first load bytes the home page has no room for. A path no route has (a mistyped link) loads
 * that module too, then shows "Page not found". Kept beside the route table so the paths here never wait for it.
 */
export const ON_DEMAND_ROUTES_PATTERN = /^\/(?!$|loginas\/?$|auth\/login\/?$|call-flows\/custom(?:\/[^/]*)?\/?$)/;

/**
 * Lazy route discovery: the router asks before it settles on a splat or parameter match
 * (here, "Page not found"); a path under ON_DEMAND_ROUTES_PATTERN loads on-demand-routes.tsx once and
 * patches its routes in, and the router matches again. The router ignores the patch of a navigation
 * it has left (another link was followed while the module downloaded), so the routes count as patched only once a
 * navigation still under way has patched them: until then every navigation patches.
 */
export function discoverRoutes(queryClient: QueryClient): PatchRoutesOnNavigationFunction {
  let patched = false;
  return async ({ path, patch, signal }) => {
    if (patched || !ON_DEMAND_ROUTES_PATTERN.test(path)) return;
    // The browser downloads and runs the module once, however many navigations ask for it.
    const { onDemandRoutes } = await import('./on-demand-routes.tsx');
    if (patched || signal.aborted) return;
    for (const [parent, routes] of onDemandRoutes(queryClient)) patch(parent, routes);
    patched = true;
  };
}
