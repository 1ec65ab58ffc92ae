// The floor of the first pages' benchmarks (bench:bundle, bench:lighthouse): the portal's stack and providers
// (React, react-dom, the router, React Query, emotion's cache, Chakra's provider and the portal's theme), started as
// src/main.tsx starts the app, around one heading and one paragraph. What a page weighs or costs beyond this is the
// page's own; built by the product's Vite configuration (./vite.config.ts), never shipped with the portal.
import { Heading, Text } from '@chakra-ui/react';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

import { AppProviders } from '../../src/app/providers.tsx';
import { createQueryClient } from '../../src/lib/query-client.ts';

function FloorPage() {
  return (
    <main>
      <Heading as="h1" size="2xl">
        Customer Portal
      </Heading>
      <Text>Manage your business phone, broadband and fibre services.</Text>
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <FloorPage /> }]);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
