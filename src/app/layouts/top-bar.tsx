import { Flex, IconButton, Spacer } from '@chakra-ui/react';
import { LogoLink } from '../../components/logo-link.tsx';
import { MenuIcon } from './icons.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { SIDE_NAV_ID } from './side-nav.tsx';

/** The top bar (spec 000): menu toggle, logo going home, profile menu; 80 px high. */
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
      <ProfileMenu />
    </Flex>
  );
}
