import { Box, Flex } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';

import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';
import { Toaster } from '../../components/toaster.tsx';
import { MOBILE_MEDIA_QUERY } from '../../config/theme.ts';
import { loadChatSupport } from '../../features/chat/index.ts';
import { needsEmergencyAddress } from '../../features/emergency-address/index.ts';
import { selectedProduct, useNavigationProducts, useSelectedProductId } from '../../features/navigation/index.ts';
import { loadQuickstartWizard, opensQuickstart } from '../../features/quickstart/index.ts';
import { CREDIT_STATUS_KEY, LOCKED_USERS_KEY, SERVICE_STATUS_KEY } from '../../features/status/index.ts';
import { isInTrialFor, loadTrialBanner, useTrialStatus } from '../../features/trial/index.ts';
import { AfterPaint } from '../../lib/after-paint.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { AppStatusBanners } from './app-status-banners.tsx';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';

// Only a customer in a trial sees it.
const TrialBanner = lazy(async () => ({ default: (await loadTrialBanner()).TrialBanner }));
// Only a buy-now product without an installation address needs it (spec 000 section 4).
const EmergencyAddressPrompt = lazy(() => import('./emergency-address-prompt.tsx'));
// The chat widget, once the navigation data has arrived (spec 000 section 4); its panel loads when opened.
const ChatSupportHost = lazy(async () => ({ default: (await loadChatSupport()).ChatSupportHost }));
// Only a voip3 trial with the pop-up on opens it (features/quickstart/opens.ts).
const QuickstartWizard = lazy(async () => ({ default: (await loadQuickstartWizard()).QuickstartWizard }));

/**
 * The default layout of signed-in pages (spec 000, layouts): top bar, trial banner, side
 * drawer, the app status banners and the page. The drawer starts open beside the page on desktop and closed on
 * mobile (959.98 px and below), where it lies over the page. Its start-up (spec 000
 * section 4) is the loader of its pages (features/navigation/startup-loader.ts).
 */
export function DefaultLayout() {
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  // A choice made on one side of the breakpoint does not carry to the other.
  const [choice, setChoice] = useState<{ mobile: boolean; open: boolean } | null>(null);
  const open = choice !== null && choice.mobile === mobile ? choice.open : !mobile;
  const setOpen = (next: boolean) => setChoice({ mobile, open: next });

  const trial = useTrialStatus().data;
  const navigation = useNavigationProducts();
  const products = navigation.data?.products ?? [];
  const product = selectedProduct(products, useSelectedProductId());
  const inTrial = product !== undefined && isInTrialFor(trial, product.product_id) && !trial?.isTrialExpired;

  // Start-up step 5: credit and locked-user data are reset on leaving the layout; the service status with the
  // credit status, as a suspension for non-payment ends with the balance (a payment is made outside the layout).
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      void queryClient.resetQueries({ queryKey: CREDIT_STATUS_KEY });
      void queryClient.resetQueries({ queryKey: SERVICE_STATUS_KEY });
      void queryClient.resetQueries({ queryKey: LOCKED_USERS_KEY });
    },
    [queryClient],
  );

  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      <TopBar menuOpen={open} onToggleMenu={() => setOpen(!open)} />
      {inTrial && (
        <Suspense fallback={null}>
          <TrialBanner />
        </Suspense>
      )}
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
          <AppStatusBanners products={products} />
          <Outlet />
        </Box>
      </Flex>
      {/* Dialogs and the chat widget: their chunks load once the page has drawn, each on its own. */}
      {needsEmergencyAddress(product) && (
        <AfterPaint>
          <EmergencyAddressPrompt productId={product.product_id} />
        </AfterPaint>
      )}
      {product && opensQuickstart(trial, product) && (
        <AfterPaint>
          <QuickstartWizard product={product} />
        </AfterPaint>
      )}
      {navigation.isSuccess && (
        <AfterPaint>
          <ChatSupportHost />
        </AfterPaint>
      )}
      <Toaster />
    </Flex>
  );
}

export { DefaultLayout as Component };
export { defaultLayoutLoader } from './default-layout-loader.ts';
