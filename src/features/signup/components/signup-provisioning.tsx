import { Box, Flex, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

import type { SignupProvisioningStatus as ProvisioningStatus } from '@portal/contract';

import { userErrorText } from '../../../lib/error-text.ts';
import { getSignupProvisioning } from '../api/signup-api.ts';
import { createProvisioningPoller } from '../provisioning-poller.ts';
import { trackProvisioning } from '../signup-analytics.ts';

/**
 * A job's progress as a bar a screen reader reads, and its step in words: the upgrade page's bar
 * (features/upgrade), drawn again here because sharing it splits a chunk the home page then loads.
 */
function ProvisioningProgress({ status }: { status: ProvisioningStatus }) {
  const label = status.step ?? (status.status === 'pending' ? 'Getting ready' : 'Setting up');
  return (
    <Flex direction="column" gap="2">
      <Flex justify="space-between" gap="3">
        <Text data-testid="provisioning-step">{label}</Text>
        <Text fontWeight="semibold" data-testid="provisioning-percent">
          {status.progress}%
        </Text>
      </Flex>
      <Box
        role="progressbar"
        aria-label="Setting up your phone"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={status.progress}
        aria-valuetext={`${status.progress}%: ${label}`}
        h="3"
        bg="bg.muted"
        rounded="full"
        overflow="hidden"
      >
        <Box h="full" w={`${status.progress}%`} bg="brand.solid" rounded="full" transition="width 0.5s ease" />
      </Box>
    </Flex>
  );
}

/** The new phone's provisioning, polled with the new user's key, shown as it goes (spec 001 section 4). */
export function SignupProvisioning({
  productId,
  userKey,
  onStatus,
}: {
  productId: number;
  userKey: string;
  onStatus?: (status: ProvisioningStatus) => void;
}) {
  const [status, setStatus] = useState<ProvisioningStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const poller = createProvisioningPoller({
      fetchStatus: (signal) => getSignupProvisioning(productId, userKey, signal),
      onStatus: (next) => {
        trackProvisioning(productId, next.progress, next.provisioned);
        setProblem(null);
        setStatus(next);
        onStatus?.(next);
      },
      onError: (error) => setProblem(userErrorText(error)),
    });
    poller.start();
    return () => poller.stop();
    // onStatus is the page's; polling starts once per product.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId, userKey]);
  return (
    <Box
      as="section"
      aria-label="Setting up your phone"
      borderWidth="1px"
      rounded="lg"
      p={{ base: '4', md: '6' }}
      bg="bg"
    >
      {status ? <ProvisioningProgress status={status} /> : <Text role="status">Setting up your phone…</Text>}
      {status?.provisioned && (
        <Text mt="3" fontWeight="semibold" role="status">
          Your phone is ready.
        </Text>
      )}
      {status?.status === 'failed' && (
        <Text mt="3" color="fg.error" role="alert">
          {status.detail ?? 'We could not finish setting up your phone. Please contact us.'}
        </Text>
      )}
      {problem && (
        <Text mt="3" color="fg.error" role="alert">
          {problem} We will keep trying.
        </Text>
      )}
    </Box>
  );
}
