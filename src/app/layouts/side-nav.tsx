import { Box, chakra, Link } from '@chakra-ui/react';
import { sortProductsLiveFirst, type NavigationProduct } from '@portal/contract';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link as RouterLink, useLocation, useMatches } from 'react-router-dom';
import * as paths from '../../config/paths.ts';
import { useNavigationProducts } from '../../features/navigation/api/get-navigation.ts';
import { CallFlowsIcon, HomeIcon, PhoneSetupIcon } from './icons.tsx';

export const SIDE_NAV_ID = 'side-navigation';

interface SideNavProps {
  open: boolean;
  /** On small screens the drawer lies over the page and closes after a choice. */
  overlay: boolean;
  onClose: () => void;
}

/**
 * The product the navigation is about (spec 000, side navigation): the one the page's
 * route id names, else the first of the products sorted live first.
 */
export function selectedProduct(products: readonly NavigationProduct[], routeId: string | undefined): NavigationProduct | undefined {
  const sorted = sortProductsLiveFirst(products);
  return sorted.find((product) => String(product.product_id) === routeId) ?? sorted[0];
}

/** Whether the product has the 'Phone settings' pages: a cloud phone (voip2) with show_product_pages. */
export function hasPhoneSettings(product: NavigationProduct | undefined): product is NavigationProduct {
  return product !== undefined && product.product_kind === 'voip2' && product.show_product_pages;
}

function NavLink({ to, current, onClick, children }: { to: string; current: boolean; onClick?: () => void; children: ReactNode }) {
  return (
    <Link
      asChild
      display="flex"
      alignItems="center"
      gap="3"
      px="3"
      py="2.5"
      rounded="md"
      color="fg"
      fontWeight="medium"
      textDecoration="none"
      _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
      _currentPage={{ bg: 'brand.muted', color: 'brand.fg', fontWeight: 'semibold' }}
      focusVisibleRing="inside"
    >
      <RouterLink to={to} onClick={onClick} aria-current={current ? 'page' : undefined}>
        {children}
      </RouterLink>
    </Link>
  );
}

/**
 * The side drawer (spec 000, side navigation): Home, and for a cloud phone with product
 * pages the 'Phone settings' group (so far holding Call flows). The other links of the
 * spec come with their pages.
 */
export function SideNav({ open, overlay, onClose }: SideNavProps) {
  const closeOnEscape = (event: KeyboardEvent) => {
    if (overlay && event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      // Back to the control that opened the drawer, so focus is not lost with it.
      document.querySelector<HTMLElement>(`[aria-controls="${SIDE_NAV_ID}"]`)?.focus();
    }
  };
  const afterChoice = overlay ? onClose : undefined;
  const { pathname } = useLocation();
  const home = paths.index.build();
  const navigation = useNavigationProducts();
  // The deepest match holds the page's params: on per-product routes id is the product
  // id; on /user/{id} it is a user's (spec: no product is selected from that route).
  const match = useMatches().at(-1);
  const routeId = match?.id === paths.user.name ? undefined : match?.params.id;
  const product = selectedProduct(navigation.data?.products ?? [], routeId);
  return (
    <>
      {overlay && open && (
        <Box position="fixed" inset="0" top="80px" bg="blackAlpha.500" zIndex="overlay" onClick={onClose} aria-hidden="true" />
      )}
      <Box
        as="nav"
        id={SIDE_NAV_ID}
        aria-label="Main"
        hidden={!open}
        onKeyDown={closeOnEscape}
        position={overlay ? 'fixed' : 'sticky'}
        top="80px"
        left="0"
        zIndex={overlay ? 'modal' : undefined}
        h="calc(100dvh - 80px)"
        w={{ base: 'min(280px, 85vw)', lg: '260px' }}
        flexShrink={0}
        overflowY="auto"
        bg="bg"
        borderRightWidth="1px"
        py="4"
        px="3"
        boxShadow={overlay ? 'lg' : undefined}
      >
        <chakra.ul listStyle="none" display="flex" flexDirection="column" gap="1">
          <li>
            <NavLink to={home} current={pathname === home} onClick={afterChoice}>
              <HomeIcon />
              Home
            </NavLink>
          </li>
          {hasPhoneSettings(product) && (
            <li>
              <chakra.span id="side-nav-phone-settings" display="block" px="3" pt="4" pb="1" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                Phone settings
              </chakra.span>
              <chakra.ul listStyle="none" aria-labelledby="side-nav-phone-settings">
                <li>
                  <NavLink to={paths.callFlowsPage(product.product_id)} current={pathname === paths.callFlows.build({ id: product.product_id })} onClick={afterChoice}>
                    <CallFlowsIcon />
                    Call flows
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.phoneSetupPage(product.product_id)} current={pathname === paths.phoneSetup.build({ id: product.product_id })} onClick={afterChoice}>
                    <PhoneSetupIcon />
                    Phone setup
                  </NavLink>
                </li>
              </chakra.ul>
            </li>
          )}
        </chakra.ul>
      </Box>
    </>
  );
}
