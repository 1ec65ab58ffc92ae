import { Box, chakra, Link } from '@chakra-ui/react';
import { lazy, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

import { toaster } from '../../components/toaster.tsx';
import { brand } from '../../config/brand.ts';
import { HELP_SITE_URL } from '../../config/help-site.ts';
import * as paths from '../../config/paths.ts';
import { useMe } from '../../features/auth/index.ts';
import {
  loadProductSwitcher,
  NAV_SCROLL_RULE,
  openChatSupport,
  PRODUCT_SWITCHER_HEIGHT,
  selectedProduct,
  sideNavModel,
  useNavigationProducts,
  useSelectedProductId,
  type NavItem,
} from '../../features/navigation/index.ts';
import { isBlocked, useServiceStatus } from '../../features/status/index.ts';
import { AfterPaint } from '../../lib/after-paint.tsx';
import { HomeIcon } from './icons.tsx';

// Only a customer with more than one product has it.
const ProductSwitcher = lazy(async () => ({ default: (await loadProductSwitcher()).ProductSwitcher }));

export const SIDE_NAV_ID = 'side-navigation';

// The product switcher's room while it loads (its Box: the closed toggle and mb 2).
const switcherRoom = <Box h={PRODUCT_SWITCHER_HEIGHT} mb="2" aria-hidden="true" />;

interface SideNavProps {
  open: boolean;
  /** On small screens the drawer lies over the page and closes after a choice. */
  overlay: boolean;
  onClose: () => void;
}

const linkStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  rounded: 'md',
  color: 'fg',
  fontWeight: 'medium',
  textDecoration: 'none',
  w: 'full',
  _hover: { bg: 'brand.subtle', textDecoration: 'none' },
  _currentPage: { bg: 'brand.muted', color: 'brand.fg', fontWeight: 'semibold' },
  focusVisibleRing: 'inside',
} as const;

function NavLink({
  to,
  current,
  onClick,
  children,
}: {
  to: string;
  current: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Link asChild {...linkStyle}>
      <RouterLink to={to} onClick={onClick} aria-current={current ? 'page' : undefined}>
        {children}
      </RouterLink>
    </Link>
  );
}

const pathOf = (to: string) => to.split('?')[0];

/**
 * The side drawer (spec 000, side navigation): Home, the product switcher, the selected
 * product's Details and "Phone settings" pages, Call history, Call reports, Billing, Order
 * tracker, Shop, Chat support, Help and Upgrade, each shown by the rules of
 * features/navigation/rules.ts. At 770 px wide or narrower it scrolls within the window
 * height minus 90 px.
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
  const navigation = useNavigationProducts();
  const me = useMe();
  const service = useServiceStatus();
  const products = navigation.data?.products ?? [];
  const product = selectedProduct(products, useSelectedProductId());
  const model = sideNavModel({
    product,
    accountId: navigation.data?.account?.id ?? null,
    blocked: isBlocked(service.data, product?.product_id),
  });

  const item = ({ key, label, to }: NavItem) => (
    <li key={key}>
      <NavLink to={to} current={pathname === pathOf(to)} onClick={afterChoice}>
        {label}
      </NavLink>
    </li>
  );

  const chat = () => {
    afterChoice?.();
    const profile = me.data?.user_profile;
    const unavailable = () =>
      toaster.create({
        type: 'info',
        title: 'Chat support is not available right now',
        description: `Please email ${brand.supportMailbox}@${window.location.hostname} and we will get back to you.`,
      });
    if (profile) openChatSupport(profile, unavailable);
    else unavailable();
  };

  return (
    <>
      {overlay && open && (
        <Box
          position="fixed"
          inset="0"
          top="80px"
          bg="blackAlpha.500"
          zIndex="overlay"
          onClick={onClose}
          aria-hidden="true"
        />
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
        css={{
          [`@media (max-width: ${NAV_SCROLL_RULE.maxWidth}px)`]: {
            height: `calc(100dvh - ${NAV_SCROLL_RULE.offset}px)`,
          },
        }}
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
            <NavLink to={paths.index.build()} current={pathname === paths.index.build()} onClick={afterChoice}>
              <HomeIcon />
              Home
            </NavLink>
          </li>
          {/* Its chunk is asked for once the page has drawn; its room is kept until then. */}
          {product && products.length > 1 && (
            <li>
              <AfterPaint fallback={switcherRoom}>
                <ProductSwitcher products={products} selected={product} onChoose={afterChoice} />
              </AfterPaint>
            </li>
          )}
          {model.details && item(model.details)}
          {model.phoneSettings.length > 0 && (
            <li>
              <chakra.span
                id="side-nav-phone-settings"
                display="block"
                px="3"
                pt="3"
                pb="1"
                fontSize="xs"
                fontWeight="semibold"
                color="fg.muted"
                textTransform="uppercase"
                letterSpacing="wide"
              >
                Phone settings
              </chakra.span>
              <chakra.ul listStyle="none" aria-labelledby="side-nav-phone-settings" pl="3">
                {model.phoneSettings.map(item)}
              </chakra.ul>
            </li>
          )}
          {model.main.map(item)}
          <li>
            <chakra.button type="button" onClick={chat} cursor="pointer" {...linkStyle}>
              Chat support
            </chakra.button>
          </li>
          <li>
            <Link href={HELP_SITE_URL} target="_blank" rel="noopener noreferrer" {...linkStyle}>
              Help
              <chakra.span srOnly> (opens in a new tab)</chakra.span>
            </Link>
          </li>
          {model.upgrade && item(model.upgrade)}
        </chakra.ul>
      </Box>
    </>
  );
}
