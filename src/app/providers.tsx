import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { system } from '../config/theme.ts';
import { cspNonce } from '../lib/csp-nonce.ts';

// Emotion's <style> elements carry the page's CSP nonce: the policy allows no other inline style.
const styleCache = createCache({ key: 'css', nonce: cspNonce() });

/** The app-wide providers: the design system (its styles under the CSP nonce) and the query cache. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
