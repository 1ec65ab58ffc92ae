import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router-dom';
import * as paths from '../config/paths.ts';
import { meQueryOptions } from '../features/auth/index.ts';
import { navigationQueryOptions } from '../features/navigation/index.ts';

/**
 * Route loaders only warm the query cache (`ensureQueryData`), in parallel with the
 * route's code, so a page renders with its data instead of fetching after it mounts.
 */

/** Home: the user and the navigation. A failed navigation is shown by the page itself. */
export function homeLoader(queryClient: QueryClient): LoaderFunction {
  return async () => {
    await Promise.allSettled([
      queryClient.ensureQueryData(meQueryOptions()),
      queryClient.ensureQueryData(navigationQueryOptions()),
    ]);
    return null;
  };
}

/**
 * The default layout's start-up loader runs on every page of the layout, not only when the
 * layout first shows: the route rules (shop, voip3-only pages) and the product selected from
 * the route id depend on the page.
 */
export const revalidateOnEveryPage: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

/**
 * Signed-in pages of the spec that are not built yet. The side navigation links to them;
 * inside the default layout they show "Page not found" (and the start-up rules still apply,
 * e.g. the shop for voip3). A page that gets built leaves this list for a route of its own.
 */
export const PAGES_NOT_BUILT = [
  // Never shown: the start-up redirects them to the first product's page.
  paths.phoneNumbersWithoutId,
  paths.usersDevicesWithoutId,
] as const;
