import { Box, Flex } from '@chakra-ui/react';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { MOBILE_MEDIA_QUERY } from '../theme.ts';
import { Toaster } from '../../components/toaster.tsx';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The default layout of signed-in pages (spec 000, layouts): top bar, side drawer and
 * the page. The drawer starts open beside the page on desktop and closed on mobile
 * (959.98 px and below), where it lies over the page.
 */
export function DefaultLayout() {
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  // A choice made on one side of the breakpoint does not carry to the other.
  const [choice, setChoice] = useState<{ mobile: boolean; open: boolean } | null>(null);
  const open = choice !== null && choice.mobile === mobile ? choice.open : !mobile;
  const setOpen = (next: boolean) => setChoice({ mobile, open: next });

  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      <TopBar menuOpen={open} onToggleMenu={() => setOpen(!open)} />
      <Flex flex="1" align="flex-start">
        <SideNav open={open} overlay={mobile} onClose={() => setOpen(false)} />
        <Box
          as="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          outline="none"
          flex="1"
          minW="0"
          px={{ base: '4', lg: '10' }}
          py={{ base: '6', lg: '10' }}
        >
          <Outlet />
        </Box>
      </Flex>
      <Toaster />
    </Flex>
  );
}

export { DefaultLayout as Component };
