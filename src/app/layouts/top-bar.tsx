import { Box, Flex, IconButton, Spacer } from '@chakra-ui/react';
import { lazy } from 'react';

import { LogoLink } from '../../components/logo-link.tsx';
import { ViewingIndicator } from '../../features/staff/index.ts';
import { AfterPaint } from '../../lib/after-paint.tsx';
import { MenuIcon } from './icons.tsx';
import { SIDE_NAV_ID } from './side-nav.tsx';

// The bell brings the notification lists and their schemas: it loads once the page has drawn, not before it.
// Its feature's index is imported on demand too: home's recent updates import it so, and a module both import
// statically and on demand would be a chunk of its own on every page's first load.
const NotificationBell = lazy(async () =>
  (await import('../../features/notifications/index.ts')).loadNotificationBell(),
);
// The profile menu and its menu code likewise: the page shows without waiting for them; its place is kept.
const ProfileMenu = lazy(() => import('./profile-menu.tsx').then((module) => ({ default: module.ProfileMenu })));

// The room of the bell (a large icon button) and of the profile menu's button while they load.
const bellRoom = <Box w="11" h="11" flexShrink={0} aria-hidden="true" />;
const profileMenuRoom = <Box w="10" h="10" flexShrink={0} aria-hidden="true" />;

/** The top bar (spec 000): menu toggle, logo going home, notification bell, profile menu; 80 px high. */
export function TopBar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  return (
    <Flex
      as="header"
      h="80px"
      position="sticky"
      top="0"
      // above the mobile drawer and its backdrop, so the profile menu opens over them
      zIndex="popover"
      align="center"
      gap={{ base: '2', lg: '4' }}
      px={{ base: '2', lg: '6' }}
      bg="bg"
      borderBottomWidth="1px"
    >
      <IconButton
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls={SIDE_NAV_ID}
        variant="ghost"
        size="lg"
        onClick={onToggleMenu}
      >
        <MenuIcon open={menuOpen} />
      </IconButton>
      <LogoLink />
      <Spacer />
      <ViewingIndicator />
      <AfterPaint fallback={bellRoom}>
        <NotificationBell />
      </AfterPaint>
      <AfterPaint fallback={profileMenuRoom}>
        <ProfileMenu />
      </AfterPaint>
    </Flex>
  );
}
