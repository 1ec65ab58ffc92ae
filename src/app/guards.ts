import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction, type MiddlewareFunction } from 'react-router-dom';

import * as paths from '../config/paths.ts';
import { meQueryOptions, setAuthUser } from '../features/auth/index.ts';
import { isApiError } from '../lib/api-error.ts';
import { isSafePath, safePathOr } from '../lib/safe-path.ts';
import { clearToken, getToken } from '../lib/token-storage.ts';

/**
 * Route guards (spec 000, route rules): pages needing a session send a signed-out
 * person to /auth/login/ remembering where they were going; the login page sends a
 * signed-in person on. The remembered path must pass the safe-path rule.
 */

export interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

export const NEXT_PARAM = 'next';

/** The login page, with `next` set to the path (and query and hash) to come back to. */
export function loginPathWithNext(location: LocationLike): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  if (next === paths.index.pattern || !isSafePath(next)) return paths.authLogin.build();
  return paths.authLogin.build({}, { [NEXT_PARAM]: next });
}

/** Where to go after signing in: the remembered path when it is safe, else home. */
export function afterLoginPath(next: string | null | undefined): string {
  return safePathOr(next, paths.index.build());
}

/**
 * Loaders see the request URL, which never holds the hash. The hash is taken from the
 * first candidate location (the pending navigation, then the window's) that is at the
 * same path and query.
 */
export function requestLocation(request: Request, candidates: ReadonlyArray<LocationLike | undefined>): LocationLike {
  const url = new URL(request.url);
  const same = candidates.find((c) => c !== undefined && c.pathname === url.pathname && c.search === url.search);
  return { pathname: url.pathname, search: url.search, hash: same?.hash ?? '' };
}

export type LocationOfRequest = (request: Request) => LocationLike;

/** Middleware of the signed-in routes: without a token, off to sign in before any loader runs. */
export function requireSession(locationOf: LocationOfRequest): MiddlewareFunction {
  return ({ request }) => {
    if (!getToken()) throw redirect(loginPathWithNext(locationOf(request)));
  };
}

/**
 * Loader of the signed-in layout: makes sure the session's user is known. A 401 means the
 * token is no good any more: it is dropped and the person signs in again.
 */
export function sessionUserLoader(queryClient: QueryClient, locationOf: LocationOfRequest): LoaderFunction {
  return async ({ request }) => {
    try {
      setAuthUser(await queryClient.ensureQueryData(meQueryOptions()));
      return null;
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        clearToken();
        throw redirect(loginPathWithNext(locationOf(request)));
      }
      throw error;
    }
  };
}

/**
 * Loader of the login page: someone signed in goes on to `next` (when safe) or home. A
 * token the server no longer accepts is dropped and the page shows, keeping `next`.
 */
export function guestOnlyLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    if (!getToken()) return null;
    try {
      setAuthUser(await queryClient.ensureQueryData(meQueryOptions()));
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        clearToken();
        return null;
      }
      // Any other failure is not about the session: the page being gone to will show it.
    }
    throw redirect(afterLoginPath(new URL(request.url).searchParams.get(NEXT_PARAM)));
  };
}
