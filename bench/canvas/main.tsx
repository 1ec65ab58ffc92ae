// The canvas harness (src/features/call-flows/canvas/harness.tsx) as a page of its own,
// built like production but never shipped with the portal.
import { createRoot } from 'react-dom/client';

import { AppProviders } from '../../src/app/providers.tsx';
import { CanvasHarness } from '../../src/features/call-flows/canvas/harness.tsx';
import { createQueryClient } from '../../src/lib/query-client.ts';

createRoot(document.getElementById('root')!).render(
  <AppProviders queryClient={createQueryClient()}>
    <CanvasHarness />
  </AppProviders>,
);
