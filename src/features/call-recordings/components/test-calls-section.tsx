import { Badge, Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import type { TestCallHistoryEntry } from '@portal/contract';

import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import * as paths from '../../../config/paths.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { formatDateTime, formatElapsed } from '../../../lib/format.ts';
import { describeTestCallOutcome } from '../../call-flows/index.ts';
import { testCallVoicemail, useTestCalls } from '../api/call-recordings-api.ts';
import { testCallEnd } from '../logic/test-calls.ts';

/**
 * Call history's test calls: the calls made with "Call this flow" in the call-flow editor, each marked as a test call
 * with its flow, the steps it took, how it ended and the message left, if any. They are not in the call reports.
 */
export function TestCallsSection({ productId }: { productId: number }) {
  const headingId = useId();
  const calls = useTestCalls(productId);
  return (
    <Box as="section" aria-labelledby={headingId} mt="8">
      <Heading as="h2" id={headingId} size="xl">
        Test calls
      </Heading>
      <Text color="fg.muted" mt="1" mb="3">
        Calls made with Call this flow in the call-flow editor. They are not counted in call reports.
      </Text>
      {calls.isPending ? (
        <Loading label="Loading test calls" />
      ) : calls.isError ? (
        <LoadError
          title="The test calls could not be loaded"
          error={calls.error}
          onRetry={() => void calls.refetch()}
          retrying={calls.isFetching}
        />
      ) : calls.data.results.length === 0 ? (
        <Text>
          No test calls yet.{' '}
          <Link asChild colorPalette="brand">
            <RouterLink to={paths.callFlowsPage(productId)}>Open a call flow</RouterLink>
          </Link>{' '}
          and choose Call this flow to hear it.
        </Text>
      ) : (
        <Box as="ul" listStyleType="none" display="grid" gap="3" aria-label="Test calls">
          {calls.data.results.map((call) => (
            <TestCallItem key={call.id} productId={productId} call={call} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function TestCallItem({ productId, call }: { productId: number; call: TestCallHistoryEntry }) {
  const outcome = describeTestCallOutcome(call);
  const end = testCallEnd(call);
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="4" minW="0">
      <Flex gap="2" align="center" wrap="wrap">
        <Badge colorPalette="purple">Test call</Badge>
        <Text fontWeight="semibold" overflowWrap="anywhere">
          {call.flow_name}
        </Text>
        <Text color="fg.muted">
          {formatDateTime(call.started_at)}
          {call.duration_ms !== null && ` · ${formatElapsed(call.duration_ms / 1000)}`}
        </Text>
      </Flex>
      {Math.abs(Date.parse(call.at) - Date.parse(call.started_at)) > 60_000 && (
        <Text mt="1" fontSize="sm">
          Made as if on {formatDateTime(call.at)}
        </Text>
      )}
      {call.steps.length > 0 && (
        <Text mt="2" fontSize="sm" overflowWrap="anywhere">
          <Text as="span" fontWeight="semibold">
            Steps:{' '}
          </Text>
          {call.steps.map((step) => step.title).join(' → ')}
        </Text>
      )}
      {outcome && (
        <Text mt="1" fontSize="sm">
          {outcome}
        </Text>
      )}
      {end && (
        <Text mt="1" fontSize="sm" color="fg.muted">
          {end}
        </Text>
      )}
      {call.voicemail && <VoicemailPlayer productId={productId} call={call} />}
    </Box>
  );
}

/** The message left in a test call: fetched when asked for, then played in the page's own player. */
function VoicemailPlayer({ productId, call }: { productId: number; call: TestCallHistoryEntry }) {
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed'; error: unknown }
  >({ kind: 'idle' });
  useEffect(() => () => void (state.kind === 'ready' && URL.revokeObjectURL(state.url)), [state]);
  const load = async () => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', url: URL.createObjectURL(await testCallVoicemail(productId, call.flow_id, call.id)) });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  };
  if (state.kind === 'ready')
    return (
      <Box mt="2" maxW="full">
        <audio controls autoPlay src={state.url} aria-label={`Message left in the test call of ${call.flow_name}`} />
      </Box>
    );
  return (
    <Box mt="2">
      {state.kind === 'failed' && (
        <ErrorAlert title="The message could not be played" message={userErrorText(state.error)} />
      )}
      <Button size="sm" variant="outline" loading={state.kind === 'loading'} onClick={() => void load()}>
        Play the message left
      </Button>
    </Box>
  );
}
