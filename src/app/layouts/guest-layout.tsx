import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { LogoLink } from '../../components/logo-link.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';

/**
 * The frame of pages shown without the signed-in shell: a header with the logo (and, for
 * the journey frames, what the journey is and a way out at its end), and main.
 */
export function GuestLayout({
  children,
  width = '640px',
  headerEnd,
}: {
  children: ReactNode;
  width?: string;
  headerEnd?: ReactNode;
}) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <SkipLink />
      <Flex
        as="header"
        h="80px"
        flexShrink={0}
        align="center"
        justify="space-between"
        gap="4"
        px={{ base: '4', lg: '8' }}
        bg="bg"
        borderBottomWidth="1px"
      >
        <LogoLink />
        {headerEnd}
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
