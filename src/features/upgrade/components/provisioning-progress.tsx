import { Box, Flex, Text } from '@chakra-ui/react';

import type { ProvisioningStatus } from '@portal/contract';

/** A job's progress as a bar a screen reader reads (role progressbar, its value and step), and the step in words. */
export function ProvisioningProgress({ status, compact = false }: { status: ProvisioningStatus; compact?: boolean }) {
  const label = status.step ?? (status.status === 'pending' ? 'Getting ready' : 'Setting up');
  return (
    <Flex direction="column" gap="2">
      <Flex justify="space-between" gap="3" fontSize={compact ? 'sm' : 'md'}>
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
        h={compact ? '2' : '3'}
        bg="bg.muted"
        rounded="full"
        overflow="hidden"
      >
        <Box h="full" w={`${status.progress}%`} bg="brand.solid" rounded="full" transition="width 0.5s ease" />
      </Box>
    </Flex>
  );
}
