import { Box } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { MANAGE_OTHER_USERS } from '@portal/contract';

import { MenuButton } from '../../components/menu-button.tsx';
import * as paths from '../../config/paths.ts';
import { useMe } from '../../features/auth/index.ts';
import { selectedProduct, useNavigationProducts, useSelectedProductId } from '../../features/navigation/index.ts';
import { loadStaffTools } from '../../features/staff/index.ts';
import { consentState, openConsent } from '../../lib/consent.ts';
import { useSignOut } from '../use-sign-out.ts';

// Only staff open it, so its code loads when opened and never weighs on the pages.
const AdminDialog = lazy(async () => ({ default: (await loadStaffTools()).AdminDialog }));
const GettingStartedSwitchDialog = lazy(async () => ({ default: (await loadStaffTools()).GettingStartedSwitchDialog }));

/**
 * The profile menu of the top bar (spec 000, profile menu): the user's initials (also the
 * start of the button's name), opening
 * Profile and preferences and Logout; with the role "Allow to manage other users' accounts"
 * also Admin (the admin dialog) and Show getting started; with analytics configured, Cookie settings.
 */
export function ProfileMenu() {
  const me = useMe();
  const { signOut, isPending: signingOut } = useSignOut();
  const navigate = useNavigate();
  // The product the side navigation shows as selected (the first one until another is chosen).
  const productId = selectedProduct(useNavigationProducts().data?.products ?? [], useSelectedProductId())?.product_id;
  const [adminOpen, setAdminOpen] = useState(false);
  const [switchForGettingStarted, setSwitchForGettingStarted] = useState(false);

  // The items in order, by label. Admin and Show getting started need the role (spec 000 section 6).
  // While staff act as a customer the session's permissions are the customer's: Show getting started
  // (for the customer's products) then follows the acting staff member's own role, never the switch alone.
  const hasRole = me.data?.permissions.includes(MANAGE_OTHER_USERS) ?? false;
  const actingWithRole = me.data?.logged_in_as?.permissions.includes(MANAGE_OTHER_USERS) ?? false;
  // Staff with no cloud phone of their own (not viewing a customer) have none to show it for: they choose the customer first.
  const showGettingStarted = () =>
    productId === undefined && !me.data?.logged_in_as
      ? setSwitchForGettingStarted(true)
      : void navigate(paths.gettingStartedPage.build({ page: 'welcome' }, { id: productId }));
  const actions: Record<string, () => void> = {
    'Profile and preferences': () => void navigate(paths.profilePreferences.build()),
    ...(hasRole && { Admin: () => setAdminOpen(true) }),
    ...((hasRole || actingWithRole) && { 'Show getting started': showGettingStarted }),
    // The consent to analytics, changed at any time (lib/consent.ts); only when analytics are configured.
    ...(consentState().settings && { 'Cookie settings': openConsent }),
    Logout: signOut,
  };

  const initials = (me.data?.initials || me.data?.user_profile.first_name.charAt(0) || '?').toUpperCase();
  // The name starts with the initials the button shows (WCAG 2.5.3, label in name): a voice
  // user says what they see.
  const label = me.data ? `${initials}, profile menu` : 'Profile menu';
  return (
    <>
      <MenuButton
        label={label}
        items={Object.keys(actions).map((label) => ({ value: label, label }))}
        onSelect={(label) => actions[label]?.()}
        buttonProps={{ variant: 'ghost', rounded: 'full', p: '1', h: '12', minW: '12', loading: signingOut }}
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
        >
          {initials}
        </Box>
      </MenuButton>
      {adminOpen && (
        <Suspense fallback={null}>
          <AdminDialog onClose={() => setAdminOpen(false)} />
        </Suspense>
      )}
      {switchForGettingStarted && (
        <Suspense fallback={null}>
          <GettingStartedSwitchDialog onClose={() => setSwitchForGettingStarted(false)} />
        </Suspense>
      )}
    </>
  );
}
