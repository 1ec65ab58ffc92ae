import { Flex, Spinner, Text } from '@chakra-ui/react';

/** A page-sized loading state that screen readers announce. */
export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <Flex role="status" minH="50vh" align="center" justify="center" gap="3" color="fg.muted">
      <Spinner size="md" color="brand.solid" />
      <Text>{label}…</Text>
    </Flex>
  );
}
