import { Box, Text } from '@chakra-ui/react';
import type { ProvisioningStatus } from '@portal/contract';
import { useEffect, useState } from 'react';
import { userErrorText } from '../../../lib/error-text.ts';
import { ProvisioningProgress } from '../../upgrade/index.ts';
import { createProvisioningPoller } from '../provisioning-poller.ts';
import { trackProvisioning } from '../signup-analytics.ts';
import { getSignupProvisioning } from '../signup-api.ts';

/** The new phone's provisioning, polled with the new user's key, shown as it goes (spec 001 section 4). */
export function SignupProvisioning({ productId, userKey, onStatus }: { productId: number; userKey: string; onStatus?: (status: ProvisioningStatus) => void }) {
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
    <Box as="section" aria-label="Setting up your phone" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }} bg="bg">
      {status ? (
        <ProvisioningProgress status={status} />
      ) : (
        <Text role="status">Setting up your phone…</Text>
      )}
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
