import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router-dom';
import { meQueryOptions } from '../features/auth/api/get-me.ts';
import { navigationQueryOptions } from '../features/navigation/api/get-navigation.ts';

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
