import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { AGENT_CALL_FLOW_NAME } from '@portal/contract';

import { Loading } from '../../../components/states.tsx';
import { useSimpleCallFlow } from '../api/get-simple-call-flow.ts';
import { useCallFlowList } from '../api/list-call-flows.ts';
import { activeCallFlowText, describeActiveCallFlow } from '../logic/flow-list.ts';
import { customCallFlowEditor } from '../logic/route-params.ts';

const HEADING_ID = 'active-flow-heading';

/** Which call flow answers calls now (spec 001 section 3). */
export function ActiveCallFlow({ productId }: { productId: number }) {
  const list = useCallFlowList(productId);
  const simple = useSimpleCallFlow(productId);
  const loading = list.isPending || simple.isPending;
  const failed = list.isError || simple.isError;
  const active = list.data ? describeActiveCallFlow(list.data, simple.data?.enable ?? false) : null;

  return (
    <Box
      as="section"
      aria-labelledby={HEADING_ID}
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      p={{ base: '4', md: '6' }}
      borderInlineStartWidth="6px"
      borderInlineStartColor="brand.solid"
    >
      <Heading as="h2" id={HEADING_ID} size="lg" mb="2">
        Active call flow
      </Heading>
      {loading ? (
        <Loading label="Checking which call flow is active" />
      ) : failed || !active ? (
        <Text color="fg.muted">The active call flow cannot be shown until your call flows load.</Text>
      ) : (
        <Box aria-live="polite">
          <Text fontSize="lg" fontWeight="semibold">
            {activeCallFlowText(active)}
          </Text>
          {active.kind === 'agent' && (
            <Text color="fg.muted" mt="1">
              Calls are answered by your agents, following the call flow {AGENT_CALL_FLOW_NAME}.
            </Text>
          )}
          {(active.kind === 'custom' || active.kind === 'agent') && (
            <Link asChild color="brand.fg" textDecoration="underline" mt="2" display="inline-block">
              <RouterLink to={customCallFlowEditor(productId, active.flow.id)}>Open {active.flow.name}</RouterLink>
            </Link>
          )}
          {active.kind === 'none' && (
            <Text color="fg.muted" mt="1">
              Enable the simple call flow or one of your custom call flows to decide how calls are answered.
            </Text>
          )}
        </Box>
      )}
    </Box>
  );
}
