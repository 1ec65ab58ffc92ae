import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { registerChatWidget } from '../features/navigation/index.ts';
import { readCookie } from '../lib/cookies.ts';
import { getToken, setToken } from '../lib/token-storage.ts';
import { endSession, handleInvalidToken, SIGNED_IN_ROUTE_ID } from './session.ts';

function fakeRouter(overrides: { initialized?: boolean; navigation?: string; routeIds?: string[] } = {}) {
  return {
    state: {
      initialized: overrides.initialized ?? true,
      location: { pathname: '/call-flows/12', search: '?tab=a', hash: '#h' },
      navigation: { state: overrides.navigation ?? 'idle' },
      matches: (overrides.routeIds ?? ['root', SIGNED_IN_ROUTE_ID, 'index']).map((id) => ({ route: { id } })),
    },
    navigate: vi.fn(async () => {}),
  };
}

beforeEach(() => localStorage.clear());

describe('endSession', () => {
  it('drops the token, navigates, and only then empties the cache', async () => {
    setToken('t');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['auth', 'me'], { id: 1 });
    const order: string[] = [];
    const navigate = vi.fn(async () => {
      order.push(`navigate token=${getToken()} cached=${queryClient.getQueryCache().getAll().length}`);
    });
    await endSession(navigate, queryClient);
    expect(navigate).toHaveBeenCalledWith('/auth/login/', { replace: true, flushSync: true });
    expect(order).toEqual(['navigate token=null cached=1']);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('resets the shop (spec 000 section 4): its basket, checkout and cached catalogue go, other keys stay', async () => {
    localStorage.setItem('portal.shop.basket.v1.3', '{"7":2}');
    localStorage.setItem('portal.shop.catalogue.v1', '{"items":[]}');
    sessionStorage.setItem('portal.shop.checkout.v1', '{"key":"k"}');
    localStorage.setItem('ssu.draft.v1', '{}');
    await endSession(
      vi.fn(async () => {}),
      new QueryClient(),
    );
    expect([
      localStorage.getItem('portal.shop.basket.v1.3'),
      localStorage.getItem('portal.shop.catalogue.v1'),
      sessionStorage.getItem('portal.shop.checkout.v1'),
    ]).toEqual([null, null, null]);
    expect(localStorage.getItem('ssu.draft.v1')).toBe('{}');
  });

  it('removes the quick-tour cookie and closes and clears the chat (spec 000 section 4)', async () => {
    document.cookie = 'quicktour=seen; path=/';
    sessionStorage.setItem('portal.chat', '{"user":{}}');
    const chat = { identify: vi.fn(), open: vi.fn(), reset: vi.fn() };
    registerChatWidget(chat);
    try {
      await endSession(
        vi.fn(async () => {}),
        new QueryClient(),
      );
    } finally {
      registerChatWidget(null);
    }
    expect(readCookie('quicktour')).toBeNull();
    expect(chat.reset).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem('portal.chat')).toBeNull();
  });
});

describe('handleInvalidToken', () => {
  it('sends a person on a signed-in page to sign in, remembering where they were', async () => {
    const router = fakeRouter();
    handleInvalidToken(router, new QueryClient());
    await vi.waitFor(() =>
      expect(router.navigate).toHaveBeenCalledWith('/auth/login/?next=%2Fcall-flows%2F12%3Ftab%3Da%23h', {
        replace: true,
        flushSync: true,
      }),
    );
  });

  it('leaves a loading navigation to its guards', () => {
    const router = fakeRouter({ navigation: 'loading' });
    handleInvalidToken(router, new QueryClient());
    const notYet = fakeRouter({ initialized: false });
    handleInvalidToken(notYet, new QueryClient());
    expect(router.navigate).not.toHaveBeenCalled();
    expect(notYet.navigate).not.toHaveBeenCalled();
  });

  it('leaves a page that needs no session alone', () => {
    const router = fakeRouter({ routeIds: ['root', 'not-found'] });
    handleInvalidToken(router, new QueryClient());
    expect(router.navigate).not.toHaveBeenCalled();
  });
});
