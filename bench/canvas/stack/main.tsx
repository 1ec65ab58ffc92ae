// The portal's stack alone, for the canvas bench's account of its open (run.ts, printed only): the providers and theme
// the canvas harness runs in (src/app/providers.tsx) around one heading, no canvas. Built on its own, so the harness's
// build and chunks stay as they are. `window.__stackBench` records when its first render was painted, two animation
// frames after it was committed, as the canvas and its floor record theirs.
import { Heading } from '@chakra-ui/react';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';

import { AppProviders } from '../../../src/app/providers.tsx';
import { createQueryClient } from '../../../src/lib/query-client.ts';

declare global {
  interface Window {
    __stackBench?: { paintedAt: number };
  }
}

function StackPage() {
  useEffect(() => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        window.__stackBench = { paintedAt: performance.now() };
      }),
    );
  }, []);
  return (
    <Heading as="h1" size="2xl">
      Call flow canvas
    </Heading>
  );
}

createRoot(document.getElementById('root')!).render(
  <AppProviders queryClient={createQueryClient()}>
    <StackPage />
  </AppProviders>,
);
