import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LogoLink } from '../../components/logo-link.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';

/** The frame of pages shown without the signed-in shell: a header with the logo, and main. */
export function GuestLayout({ children, width = '640px' }: { children: ReactNode; width?: string }) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <SkipLink />
      <Flex as="header" h="80px" flexShrink={0} align="center" px={{ base: '4', lg: '8' }} bg="bg" borderBottomWidth="1px">
        <LogoLink />
      </Flex>
      <Box
        as="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        outline="none"
        flex="1"
        w="full"
        maxW={width}
        mx="auto"
        px={{ base: '4', md: '6' }}
        py={{ base: '8', md: '12' }}
      >
        {children}
      </Box>
    </Flex>
  );
}
