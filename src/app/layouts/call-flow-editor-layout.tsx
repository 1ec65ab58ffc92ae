import { Flex } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { SkipLink } from '../../components/skip-link.tsx';
import { Toaster } from '../../components/toaster.tsx';
import { ViewingIndicator } from '../../features/staff/components/viewing-indicator.tsx';

/**
 * The call-flow editor layout (spec 000, layouts): a signed-in frame without the side
 * drawer, the whole window for the editor. The page brings its own bar (the call-flow
 * editor bar: name, Save & Enable, Save changes, Cancel) above the canvas.
 */
export function CallFlowEditorLayout() {
  return (
    <Flex direction="column" h="100dvh" minH="0" overflow="hidden" bg="bg.subtle">
      <SkipLink />
      {/* Staff edit flows while switched into a customer's account: this says whose flows these are. */}
      <ViewingIndicator placement="strip" />
      <Outlet />
      <Toaster />
    </Flex>
  );
}

export { CallFlowEditorLayout as Component };
