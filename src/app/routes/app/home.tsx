import { Box, Button, Flex, Heading, Spinner, Text } from '@chakra-ui/react';
import { lazy } from 'react';

import { useMe } from '../../../features/auth/index.ts';
import { AppDownloadsIntro, loadAppDownloadList } from '../../../features/download-apps/index.ts';
import { ProductList, useNavigationProducts } from '../../../features/navigation/index.ts';
import { AfterPaint } from '../../../lib/after-paint.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

// The app download block's list of apps: a chunk of its own, asked for once the page has drawn (home's bundle
// budget); its heading and words, home's largest text, come with the page.
const AppDownloadList = lazy(async () => ({ default: await loadAppDownloadList() }));
// Says when a cloud phone's calls are diverted, the same way (the divert's own call comes after the page anyway).
const DivertNotices = lazy(() => import('./home-divert-notices.tsx'));
// The three newest notifications (spec 000 and 001), the same way: after the page has drawn (the feature's
// index on demand too, as the top bar's bell takes it).
const RecentUpdates = lazy(async () => (await import('../../../features/notifications/index.ts')).loadRecentUpdates());

/** Home (route name index): a welcome, the account's products and the app download block (the status banners are the layout's). */
export function HomePage() {
  usePageTitle('Home');
  const me = useMe();
  const navigation = useNavigationProducts();
  const firstName = me.data?.user_profile.first_name.trim();

  return (
    <Flex direction="column" gap="8" maxW="5xl">
      <Heading as="h1" size="3xl">
        {firstName ? `Welcome, ${firstName}` : 'Welcome'}
      </Heading>
      <Box as="section" aria-labelledby="products-heading">
        <Heading as="h2" id="products-heading" size="xl" mb="4">
          Your products
        </Heading>
        {navigation.isPending ? (
          <Box role="status" display="flex" alignItems="center" gap="3" color="fg.muted">
            <Spinner size="sm" color="brand.solid" />
            <Text>Loading your products…</Text>
          </Box>
        ) : navigation.isError ? (
          <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4">
            <Text fontWeight="semibold" color="fg.error" mb="1">
              Your products could not be loaded
            </Text>
            <Text mb="3">{userErrorText(navigation.error)}</Text>
            <Button
              size="sm"
              variant="outline"
              colorPalette="brand"
              onClick={() => void navigation.refetch()}
              loading={navigation.isFetching}
            >
              Try again
            </Button>
          </Box>
        ) : (
          <>
            {navigation.data.account ? (
              <Text color="fg.muted" mb="3">
                {navigation.data.account.name}
              </Text>
            ) : null}
            <AfterPaint>
              <DivertNotices products={navigation.data.products} />
            </AfterPaint>
            <ProductList products={navigation.data.products} labelledBy="products-heading" />
          </>
        )}
      </Box>
      {/* Below the products: the list's code (and then its QR codes) loads once the page has drawn, off the first load. */}
      <Box as="section" aria-labelledby="app-downloads-heading">
        <AppDownloadsIntro />
        <AfterPaint>
          <AppDownloadList />
        </AfterPaint>
      </Box>
      {/* Last: drawn after the first paint and then filled from three calls, it grows as they answer. Above the app
          block it pushed that block (home's largest text) down the screen as the page was read (layout shift 0.08). */}
      <AfterPaint>
        <RecentUpdates />
      </AfterPaint>
    </Flex>
  );
}

export { HomePage as Component };
