import { Flex, Heading, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';

import { NotFoundContent } from '../../../components/not-found-content.tsx';
import {
  ActiveCallFlow,
  CallerJourneyPage,
  CustomFlowList,
  SimpleCallFlowSection,
  useAdvancedCallFlowAddOn,
  useEnableGate,
} from '../../../features/call-flows/index.ts';
import { DivertNotices } from '../../../features/phone-setup/index.ts';
import { isInTrialFor, useTrialStatus } from '../../../features/trial/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/**
 * Call flows (route call-flows-id, ?tab=active-call-flow): which flow is active, the
 * simple call flow editor, and the custom call flows.
 */
export function CallFlowsPage() {
  usePageTitle('Call flows');
  const productId = parseProductId(useParams().id);
  if (productId === null) return <NotFoundContent loggedIn />;
  return <CallFlows productId={productId} />;
}

function CallFlows({ productId }: { productId: number }) {
  const trial = useTrialStatus();
  const addOn = useAdvancedCallFlowAddOn(productId);
  const gate = useEnableGate({ productId, inTrial: isInTrialFor(trial.data, productId), addOn: addOn.data });
  return (
    <Flex direction="column" gap="6" maxW="5xl">
      <div>
        <Heading as="h1" size="3xl" mb="2">
          Call flows
        </Heading>
        <Text color="fg.muted">Decide what happens when someone calls your business.</Text>
      </div>
      <DivertNotices products={[{ id: productId, label: 'This phone system' }]} />
      <ActiveCallFlow productId={productId} />
      <SimpleCallFlowSection productId={productId} />
      <CustomFlowList productId={productId} requestEnable={gate.request} />
      {gate.dialogs}
    </Flex>
  );
}

export { CallFlowsPage as Component };

/**
 * The caller's journey of a custom call flow (route /call-flows/{id}/journey/{flow}). In this route module:
 * a module of its own would add its chunk list to the code every page loads (the home page's bundle budget).
 */
export function CallFlowJourneyRoute() {
  const { id, flow } = useParams();
  const productId = parseProductId(id);
  if (productId === null || !flow || !/^\d{1,12}$/.test(flow)) return <NotFoundContent loggedIn />;
  return <CallerJourneyPage productId={productId} flowId={flow} />;
}
