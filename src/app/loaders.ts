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
 * Paths of the spec that are only a start-up rule: /users-devices and /phone-numbers without an id go to the first
 * cloud phone's page (features/navigation startup.ts). Their route shows "Page not found" only to a customer with no
 * cloud phone, for whom the spec's rule has no page to go to.
 */
export const REDIRECT_ONLY_ROUTES = [paths.phoneNumbersWithoutId, paths.usersDevicesWithoutId] as const;
