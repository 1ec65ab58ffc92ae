import { Flex } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';

import { SkipLink } from '../../components/skip-link.tsx';
import { Toaster } from '../../components/toaster.tsx';
import { useMe } from '../../features/auth/index.ts';
import { loadStaffTools } from '../../features/staff/index.ts';

// Only switched staff see it. Loaded from the staff module, not through the top bar's ViewingIndicator:
// a module both layouts imported would become a chunk of its own on every page.
const ViewingBar = lazy(async () => ({ default: (await loadStaffTools()).ViewingBar }));

/**
 * The call-flow editor layout (spec 000, layouts): a signed-in frame without the side
 * drawer, the whole window for the editor. The page brings its own bar (the call-flow
 * editor bar: name, Save & Enable, Save changes, Cancel) above the canvas.
 */
export function CallFlowEditorLayout() {
  const me = useMe().data;
  return (
    <Flex direction="column" h="100dvh" minH="0" overflow="hidden" bg="bg.subtle">
      <SkipLink />
      {/* Staff edit flows while switched into a customer's account: this says whose flows these are. */}
      {me?.logged_in_as && (
        <Suspense fallback={null}>
          <ViewingBar user={me} actingAs={me.logged_in_as} placement="strip" />
        </Suspense>
      )}
      <Outlet />
      <Toaster />
    </Flex>
  );
}

export { CallFlowEditorLayout as Component };
