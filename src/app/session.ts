import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createElement, useEffect } from 'react';
import { Outlet } from 'react-router-dom';

import * as paths from '../config/paths.ts';
import { resetShopStorage } from '../config/storage-keys.ts';
import { resetChatSupport } from '../features/navigation/index.ts';
import { QUICK_TOUR_COOKIE, removeCookie } from '../lib/cookies.ts';
import { clearToken, getToken } from '../lib/token-storage.ts';
import { loginPathWithNext, type LocationLike } from './guards.ts';

type Navigate = (to: string, options: { replace: boolean; flushSync: boolean }) => Promise<void> | void;

/**
 * Ends the session on this side (after a logout the server accepted, or a dead token): the
 * quick-tour cookie goes, the chat closes and is cleared and the shop's basket goes (spec 000 section 4), the token is
 * dropped (the auth state follows it), the app goes to `to`, and only then the query cache
 * empties (shop, trial, navigation...). The navigation is committed at once
 * (flushSync), so the signed-in page is gone before its queries are: were it still
 * mounted, it would fetch them again without a session.
 */
export async function endSession(navigate: Navigate, queryClient: QueryClient, to: string = paths.authLogin.build()) {
  removeCookie(QUICK_TOUR_COOKIE);
  resetChatSupport();
  resetShopStorage();
  clearToken();
  await navigate(to, { replace: true, flushSync: true });
  queryClient.clear();
}

interface RouterLike {
  state: {
    initialized: boolean;
    location: LocationLike;
    navigation: { state: string };
    matches: ReadonlyArray<{ route: { id: string } }>;
  };
  navigate: Navigate;
}

/**
 * The signed-in pages' frame: their outlet, and when it goes with no session left (a sign-out, a dead token), the
 * query cache empties once more. endSession empties it after the navigation; a signed-in part still drawing at that
 * moment (a lazy part of the top bar finishing its render) could ask for its data again, and nothing of one
 * session may be kept for the next.
 */
export function SignedInArea() {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      if (getToken() === null) queryClient.clear();
    },
    [queryClient],
  );
  return createElement(Outlet);
}

/** Route id of the layout every signed-in page sits in. */
export const SIGNED_IN_ROUTE_ID = 'app';

/**
 * After a 401 "Invalid token." (the client has already dropped the token): on a
 * signed-in page that is on screen, go to sign in and come back here afterwards. While a
 * navigation is loading, its own guards redirect instead.
 */
export function handleInvalidToken(router: RouterLike, queryClient: QueryClient): void {
  const { state } = router;
  if (!state.initialized || state.navigation.state !== 'idle') return;
  if (!state.matches.some((match) => match.route.id === SIGNED_IN_ROUTE_ID)) return;
  void endSession(router.navigate, queryClient, loginPathWithNext(state.location));
}
