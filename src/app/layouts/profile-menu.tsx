import { Box } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { MenuButton } from '../../components/menu-button.tsx';
import { toaster } from '../../components/toaster.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { userErrorText } from '../../lib/error-text.ts';
import { endSession } from '../session.ts';

const LOGOUT = 'logout';

/** The profile menu of the top bar: the user's initials, opening Logout (spec 000, profile menu). */
export function ProfileMenu() {
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signOut = () => {
    logout.run().then(
      () => endSession(navigate, queryClient),
      // Spec: if the logout call fails the resets are skipped, so the session stays.
      (error: unknown) => {
        toaster.create({ type: 'error', title: 'You could not be signed out', description: userErrorText(error) });
      },
    );
  };

  const initials = me.data?.initials || me.data?.user_profile.first_name.charAt(0) || '?';
  return (
    <MenuButton
      label="Profile menu"
      items={[{ value: LOGOUT, label: 'Logout' }]}
      onSelect={(value) => value === LOGOUT && signOut()}
      buttonProps={{ variant: 'ghost', rounded: 'full', p: '1', h: '12', minW: '12', loading: logout.isPending }}
    >
      <Box
        as="span"
        aria-hidden="true"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        w="10"
        h="10"
        rounded="full"
        bg="brand.solid"
        color="brand.contrast"
        fontWeight="semibold"
        fontSize="sm"
        textTransform="uppercase"
      >
        {initials}
      </Box>
    </MenuButton>
  );
}
